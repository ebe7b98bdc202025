import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PEOPLE_PATHS,
  errorEnvelopeSchema,
  idParamSchema,
  practiceUserListSchema,
  practiceUserSearchSchema,
  practitionerCreateSchema,
  practitionerDetailResponseSchema,
  practitionerProfileInputSchema,
  practitionerRoleCreateSchema,
  practitionerRoleResponseSchema,
  practitionerRoleUpdateSchema,
  practitionerSettingsQuerySchema,
  practitionerSettingsResponseSchema,
  practitionerSettingsUpdateSchema,
  profilePictureResponseSchema,
  profilePictureUploadSchema,
} from '@careslot/contracts';
import { requireRoles } from '../../platform/auth';
import { ROLE_SETS } from '../../platform/access';
import { contextOf } from '../../platform/context';
import { notFound } from '../../platform/errors';
import * as people from './people-service';
import { BEARER, ok } from '../../platform/route-schemas';

const tags = ['practice people'];
const security = BEARER;
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const practiceUsers = requireRoles(...ROLE_SETS.PRACTICE_USERS);

/**
 * A practice's people (practice-portal.md §7 Administration, practitioner settings): add and edit providers and
 * staff, their roles and pictures, a practitioner's own settings, and the users screen's list.
 */
export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    PEOPLE_PATHS.practitioner,
    {
      preHandler: requireRoles(...ROLE_SETS.ADMINS),
      schema: {
        tags,
        security,
        summary:
          'Adds a provider or staff member to the practice (Provider_Add_Web / Staff_Add_Web) and e-mails them an activation link',
        body: practitionerCreateSchema,
        response: { 200: practitionerDetailResponseSchema, ...errors },
      },
    },
    async (request) => ok(await people.createPractitioner(deps, contextOf(request), request.body)),
  );

  app.put(
    `${PEOPLE_PATHS.practitioner}/:id`,
    {
      config: { feature: 'settings' },
      preHandler: practiceUsers,
      schema: {
        tags,
        security,
        summary:
          "Changes a practitioner's profile: a practice admin of their practice, or the practitioner themself",
        params: idParamSchema,
        body: practitionerProfileInputSchema,
        response: { 200: practitionerDetailResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await people.updatePractitioner(deps, contextOf(request), request.params.id, request.body)),
  );

  app.put(
    `${PEOPLE_PATHS.practitioner}/:id/profile-picture`,
    {
      config: { feature: 'settings' },
      preHandler: practiceUsers,
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        security,
        summary:
          "Sets a practitioner's profile picture (JPEG, PNG or WebP, at most 5 MB, base64 as every upload here)",
        params: idParamSchema,
        body: profilePictureUploadSchema,
        response: { 200: profilePictureResponseSchema, ...errors },
      },
    },
    async (request) => ok(await people.setPhoto(deps, contextOf(request), request.params.id, request.body)),
  );

  app.delete(
    `${PEOPLE_PATHS.practitioner}/:id/profile-picture`,
    {
      config: { feature: 'settings' },
      preHandler: practiceUsers,
      schema: {
        tags,
        security,
        summary: "Removes a practitioner's profile picture",
        params: idParamSchema,
        response: { 200: profilePictureResponseSchema, ...errors },
      },
    },
    async (request) => ok(await people.deletePhoto(deps, contextOf(request), request.params.id)),
  );

  app.get(
    `${PEOPLE_PATHS.practitioner}/:id/profile-picture`,
    {
      schema: {
        tags,
        summary: "A practitioner's profile picture (public, as their profile is)",
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const photo = await people.readPhoto(deps, request.params.id);
      if (!photo) throw notFound();
      return reply
        .type(photo.content_type)
        .header('cache-control', 'public, max-age=300')
        .send(Buffer.from(photo.content));
    },
  );

  app.post(
    `${PEOPLE_PATHS.practitioner}/:id/invitation`,
    {
      preHandler: requireRoles(...ROLE_SETS.ADMINS),
      schema: {
        tags,
        security,
        summary:
          'E-mails a new activation link to a user who has not activated their account yet (earlier links stop working)',
        params: idParamSchema,
        response: {
          200: z.object({
            status_code: z.number().int(),
            message: z.string(),
            data: z.object({ Invited: z.literal(true) }),
          }),
          ...errors,
        },
      },
    },
    async (request) => ok(await people.resendInvitation(deps, contextOf(request), request.params.id)),
  );

  app.post(
    PEOPLE_PATHS.practitionerRole,
    {
      preHandler: requireRoles(...ROLE_SETS.ADMINS),
      schema: {
        tags,
        security,
        summary: 'Gives a practitioner who holds no role yet a role at the practice, and invites them',
        body: practitionerRoleCreateSchema,
        response: { 200: practitionerRoleResponseSchema, ...errors },
      },
    },
    async (request) => ok(await people.createRole(deps, contextOf(request), request.body)),
  );

  app.put(
    `${PEOPLE_PATHS.practitionerRole}/:id`,
    {
      preHandler: requireRoles(...ROLE_SETS.ADMINS),
      schema: {
        tags,
        security,
        summary:
          "Changes a user's roles, facilities or whether they are active (Active false: deactivated, signed out)",
        params: idParamSchema,
        querystring: z.object({ email: z.string().max(320).optional() }),
        body: practitionerRoleUpdateSchema,
        response: { 200: practitionerRoleResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await people.updateRole(
          deps,
          contextOf(request),
          request.params.id,
          request.query.email ?? null,
          request.body,
        ),
      ),
  );

  app.post(
    PEOPLE_PATHS.settings,
    {
      config: { feature: 'settings' },
      preHandler: practiceUsers,
      schema: {
        tags,
        security,
        summary: "A practitioner's settings (POST get)",
        body: practitionerSettingsQuerySchema,
        response: { 200: practitionerSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ok(await people.readSettings(deps, contextOf(request), request.body.PractitionerId)),
  );

  app.put(
    PEOPLE_PATHS.settingsUpdate,
    {
      config: { feature: 'settings' },
      preHandler: practiceUsers,
      schema: {
        tags,
        security,
        summary:
          "Changes a practitioner's settings: hide public profile, languages, board certifications, hospital affiliations",
        body: practitionerSettingsUpdateSchema,
        response: { 200: practitionerSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ok(await people.updateSettings(deps, contextOf(request), request.body)),
  );

  app.post(
    PEOPLE_PATHS.practiceUsers,
    {
      preHandler: requireRoles(...ROLE_SETS.ADMINS, ...ROLE_SETS.STAFF),
      schema: {
        tags,
        security,
        summary:
          'The providers and staff of the practice with their account state (Staff_View_Web); staff read only',
        body: practiceUserSearchSchema,
        response: { 200: practiceUserListSchema, ...errors },
      },
    },
    async (request) => people.listPracticeUsers(deps, contextOf(request), request.body),
  );
};
