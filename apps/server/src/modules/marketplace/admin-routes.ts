import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogAdminQuerySchema,
  idParamSchema,
  marketplaceCalendarAddSchema,
  pageProfileCreateSchema,
  pageProfileSettingsListSchema,
  pageProfileSettingsSchema,
  pageProfileUpdateSchema,
  VISIT_TYPES,
} from '@careslot/contracts';
import { requireRoles } from '../../platform/auth';
import { ROLE_SETS } from '../../platform/access';
import * as admin from './admin';
import { BEARER, ERROR_RESPONSES } from '../../platform/route-schemas';

const MARKETPLACE = '/careslot-marketplace/api/v1';
const GATEWAY = '/careslot-gateway';
const tags = ['marketplace admin'];
const security = BEARER;
const errors = ERROR_RESPONSES;
const catalogEntryEditSchema = z.object({
  IsPublished: z.boolean().optional(),
  VisitTypes: z.array(z.enum(VISIT_TYPES)).min(1).max(3).optional(),
});

/**
 * Editing the marketplace (practice-portal.md §7 Marketplace, §3.4): a practice admin its own page profiles,
 * super users every profile, the catalog entries and the calendars added to the marketplace (decision 0065).
 */
export const marketplaceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const editors = requireRoles(...ROLE_SETS.ADMINS, ...ROLE_SETS.SUPER_USERS);
  const superUsers = requireRoles(...ROLE_SETS.SUPER_USERS);

  app.get(
    `${MARKETPLACE}/pageProfiles/settings`,
    {
      preValidation: editors,
      schema: {
        tags,
        security,
        summary:
          "The page profiles an editor manages, published or not (a practice admin: its practice's; a super user: by name or a practice's)",
        querystring: catalogAdminQuerySchema.extend({ OrganizationId: z.uuid().optional() }),
        response: { 200: pageProfileSettingsListSchema, ...errors },
      },
    },
    async (request) => admin.listProfiles(deps, request.context, request.query),
  );

  app.get(
    `${MARKETPLACE}/pageProfiles/:id/settings`,
    {
      preValidation: editors,
      schema: {
        tags,
        security,
        summary: "A page profile's settings (its editors)",
        params: idParamSchema,
        response: { 200: pageProfileSettingsSchema, ...errors },
      },
    },
    async (request) => admin.getProfileSettings(deps, request.context, request.params.id),
  );

  app.post(
    `${MARKETPLACE}/pageProfiles`,
    {
      preValidation: editors,
      schema: {
        tags,
        security,
        summary: "Creates an entity's page profile (unpublished) or finds it; answers its id as text",
        body: pageProfileCreateSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) =>
      reply.type('text/plain').send(await admin.createProfile(deps, request.context, request.body)),
  );

  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: `${MARKETPLACE}/pageProfiles/:id`,
      preValidation: editors,
      schema: {
        tags,
        security,
        summary:
          'Edits a page profile: publish, sections shown, referrer scheduling, hidden facilities and suggestions',
        params: idParamSchema,
        body: pageProfileUpdateSchema,
        response: { 200: pageProfileSettingsSchema, ...errors },
      },
      handler: async (request) => admin.updateProfile(deps, request.context, request.params.id, request.body),
    });
  }

  app.put(
    `${MARKETPLACE}/catalogs/:id`,
    {
      preValidation: superUsers,
      schema: {
        tags,
        security,
        summary: 'Edits a catalog entry: published, visit types (super users)',
        params: idParamSchema,
        body: catalogEntryEditSchema,
        response: { 200: pageProfileSettingsSchema, ...errors },
      },
    },
    async (request) =>
      admin.setCatalogEntry(deps, request.context, request.params.id, request.body, 'update'),
  );

  app.delete(
    `${MARKETPLACE}/catalogs/:id`,
    {
      preValidation: superUsers,
      schema: {
        tags,
        security,
        summary: 'Removes a catalog entry from the marketplace (its profile is unpublished; super users)',
        params: idParamSchema,
        response: { 200: pageProfileSettingsSchema, ...errors },
      },
    },
    async (request) => admin.setCatalogEntry(deps, request.context, request.params.id, {}, 'delete'),
  );

  app.post(
    `${GATEWAY}/market-place/calendar/add`,
    {
      preValidation: superUsers,
      schema: {
        tags,
        security,
        summary:
          "Adds providers' or services' calendars to the marketplace (profiles made and published; super users)",
        body: marketplaceCalendarAddSchema,
        response: { 200: z.object({ Ids: z.array(z.string()) }), ...errors },
      },
    },
    async (request) => ({ Ids: await admin.addCalendars(deps, request.context, request.body.Entities) }),
  );
};
