import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  fileUploadSchema,
  healthcareServiceInputSchema,
  healthcareServiceResponseSchema,
  healthcareServiceSettingsGetSchema,
  healthcareServiceSettingsInputSchema,
  healthcareServiceSettingsResponseSchema,
  idParamSchema,
  insuranceMappingListSchema,
  locationInputSchema,
  locationResponseSchema,
  organizationNameQuerySchema,
  organizationNameResponseSchema,
  organizationResponseSchema,
  organizationSettingsInputSchema,
  organizationSettingsPatchSchema,
  organizationSettingsResponseSchema,
  organizationUpdateSchema,
  patientPortalSettingsInputSchema,
  patientPortalSettingsListSchema,
  patientPortalSettingsResponseSchema,
  patientPortalSettingsSearchSchema,
  practiceClinicalSettingsCriteriaSchema,
  practiceClinicalSettingsInputSchema,
  practiceClinicalSettingsListSchema,
  practiceClinicalSettingsResponseSchema,
  IMAGE_KINDS,
} from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import * as admin from './admin-service';
import { BEARER, ERROR_RESPONSES, ok } from '../../platform/route-schemas';

const ADMIN = '/careslot-administration/api';
const V2 = `${ADMIN}/v2`;
const V1 = `${ADMIN}/v1`;
const GATEWAY = '/careslot-gateway';
const LIBRARY = '/careslot-resource-library/api/v1';
const tags = ['practice administration'];
const libraryTags = ['resource library'];
const security = BEARER;
const errors = ERROR_RESPONSES;
const writeErrors = { ...errors, 409: errorEnvelopeSchema };
const list = <T>(items: T[]) => ({ Data: items, Total: items.length });

/**
 * Practice administration (practice-portal.md §7 Administration; decision 0049): the organization and its
 * images, organization / clinical / patient-portal settings, facilities and their accepted insurances,
 * resources and care teams. Writes need a practice admin of the owning practice (or a super user).
 */
export const directoryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { database: app.deps.database, events: app.deps.events, clock: app.deps.clock };
  const { database } = deps;
  const user = { preHandler: requireUser };

  // ---------- organization ----------

  app.put(
    `${V2}/organization/:id`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "Change the practice's name, contact, time zone and address (Organization_Update_Web)",
        params: idParamSchema,
        body: organizationUpdateSchema,
        response: { 200: organizationResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await admin.updateOrganization(deps, contextOf(request), request.params.id, request.body)),
  );

  app.get(
    `${V2}/organization/name`,
    {
      schema: {
        tags,
        summary:
          'The practice with this name, ignoring case (status_code 204 when none), e.g. to tell a name is taken',
        querystring: organizationNameQuerySchema,
        response: { 200: organizationNameResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request) => admin.organizationByName(database, request.query.name),
  );

  for (const kind of IMAGE_KINDS) {
    app.put(
      `${V2}/organization/:id/${kind}`,
      {
        ...user,
        schema: {
          tags,
          security,
          summary: `Upload the practice's ${kind} (JPEG, PNG or WebP, at most 5 MB, base64)`,
          params: idParamSchema,
          body: fileUploadSchema,
          response: { 200: organizationResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await admin.putOrganizationImage(deps, contextOf(request), request.params.id, kind, request.body)),
    );
    app.delete(
      `${V2}/organization/:id/${kind}`,
      {
        ...user,
        schema: {
          tags,
          security,
          summary: `Remove the practice's ${kind}`,
          params: idParamSchema,
          response: { 200: organizationResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await admin.deleteOrganizationImage(deps, contextOf(request), request.params.id, kind)),
    );
    app.get(
      `${V2}/organization/:id/${kind}`,
      { schema: { tags, summary: `The practice's ${kind} (public)`, params: idParamSchema } },
      async (request, reply) => {
        const image = await admin.readImage(database, 'organization', request.params.id, kind);
        return reply
          .type(image.content_type)
          .header('cache-control', 'public, max-age=300')
          .header('etag', `"${image.sha256}"`)
          .send(Buffer.from(image.content));
      },
    );
  }

  // ---------- organization settings ----------

  const readSettings = {
    ...user,
    schema: {
      tags,
      security,
      summary:
        "The practice's settings (one per practice, keyed by the organization id; defaults until saved)",
      params: idParamSchema,
      response: { 200: organizationSettingsResponseSchema, ...errors },
    },
  };
  app.get(`${V1}/organizationsettings/:id`, readSettings, async (request) =>
    ok(await admin.organizationSettings.read(database, contextOf(request), request.params.id)),
  );
  app.get(`${GATEWAY}/organization/organization-settings/:id`, readSettings, async (request) =>
    ok(await admin.organizationSettings.read(database, contextOf(request), request.params.id)),
  );

  app.put(
    `${V1}/organizationsettings/:id`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "Replace the practice's settings",
        params: idParamSchema,
        body: organizationSettingsInputSchema,
        response: { 200: organizationSettingsResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await admin.organizationSettings.write(
          deps,
          contextOf(request),
          request.body,
          'replace',
          request.params.id,
        ),
      ),
  );
  app.patch(
    `${V1}/organizationsettings/:id`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "Change some of the practice's settings",
        params: idParamSchema,
        body: organizationSettingsPatchSchema,
        response: { 200: organizationSettingsResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await admin.patchOrganizationSettings(deps, contextOf(request), request.params.id, request.body)),
  );
  app.post(
    `${V1}/organizationsettings`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "Add the practice's settings (409 when it has them)",
        body: organizationSettingsInputSchema,
        response: { 200: organizationSettingsResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      ok(await admin.organizationSettings.write(deps, contextOf(request), request.body, 'create')),
  );
  app.post(
    `${V1}/organizationsettings/upsert`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "Add or replace the practice's settings",
        body: organizationSettingsInputSchema,
        response: { 200: organizationSettingsResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await admin.organizationSettings.write(deps, contextOf(request), request.body, 'replace')),
  );

  // ---------- practice clinical settings (paths not in the spec: decision 0049) ----------

  app.post(
    `${V1}/practiceclinicalsettings/get`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "The practice's clinical settings (by criteria; defaults until saved)",
        body: practiceClinicalSettingsCriteriaSchema,
        response: { 200: practiceClinicalSettingsListSchema, ...errors },
      },
    },
    async (request) =>
      list([await admin.clinicalSettings.read(database, contextOf(request), request.body.OrganizationId)]),
  );
  app.put(
    `${V1}/practiceclinicalsettings/:id`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "Replace the practice's clinical settings (id = organization id)",
        params: idParamSchema,
        body: practiceClinicalSettingsInputSchema,
        response: { 200: practiceClinicalSettingsResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await admin.clinicalSettings.write(
          deps,
          contextOf(request),
          request.body,
          'replace',
          request.params.id,
        ),
      ),
  );
  app.post(
    `${V1}/practiceclinicalsettings`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "Add the practice's clinical settings (409 when it has them)",
        body: practiceClinicalSettingsInputSchema,
        response: { 200: practiceClinicalSettingsResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      ok(await admin.clinicalSettings.write(deps, contextOf(request), request.body, 'create')),
  );

  // ---------- patient-portal settings ----------

  const PORTAL = `${V1}/PatientPortalSettings`;
  app.post(
    `${PORTAL}/advance-search`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "The practice's patient-portal settings (defaults until saved)",
        body: patientPortalSettingsSearchSchema,
        response: { 200: patientPortalSettingsListSchema, ...errors },
      },
    },
    async (request) =>
      list([await admin.portalSettings.read(database, contextOf(request), request.body.OrganizationId)]),
  );
  app.get(
    `${PORTAL}/:id`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: 'Patient-portal settings by id (the organization id)',
        params: idParamSchema,
        response: { 200: patientPortalSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ok(await admin.portalSettings.read(database, contextOf(request), request.params.id)),
  );
  app.put(
    `${PORTAL}/:id`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: 'Replace the patient-portal settings',
        params: idParamSchema,
        body: patientPortalSettingsInputSchema,
        response: { 200: patientPortalSettingsResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await admin.portalSettings.write(
          deps,
          contextOf(request),
          request.body,
          'replace',
          request.params.id,
        ),
      ),
  );
  app.post(
    PORTAL,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: 'Add the patient-portal settings (409 when the practice has them)',
        body: patientPortalSettingsInputSchema,
        response: { 200: patientPortalSettingsResponseSchema, ...writeErrors },
      },
    },
    async (request) => ok(await admin.portalSettings.write(deps, contextOf(request), request.body, 'create')),
  );

  // ---------- locations ----------

  app.post(
    `${V2}/location`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary:
          'Add a facility: the zip must be a US zip in the state given; county and coordinates come from it (Location_Add_Web)',
        body: locationInputSchema,
        response: { 200: locationResponseSchema, ...errors },
      },
    },
    async (request) => ok(await admin.createLocation(deps, contextOf(request), request.body)),
  );
  app.put(
    `${V2}/location/:id`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: 'Change a facility (Location_Edit_Web)',
        params: idParamSchema,
        body: locationInputSchema,
        response: { 200: locationResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await admin.updateLocation(deps, contextOf(request), request.params.id, request.body)),
  );

  // ---------- insurances (resource library; the accepted ones are the people module's routes) ----------

  app.get(
    `${LIBRARY}/insurances/mappings`,
    {
      schema: {
        tags: libraryTags,
        summary: 'Every insurance plan with its carrier, one flat list',
        response: { 200: insuranceMappingListSchema },
      },
    },
    async () => list(await admin.insuranceMappings(database)),
  );

  // ---------- healthcare services (resources) ----------

  app.post(
    `${V2}/healthcareservice`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: 'Add a resource (Resource_Add_Web)',
        body: healthcareServiceInputSchema,
        response: { 200: healthcareServiceResponseSchema, ...errors },
      },
    },
    async (request) => ok(await admin.createHealthcareService(deps, contextOf(request), request.body)),
  );
  app.put(
    `${V2}/healthcareservice/:id`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: 'Change a resource (Resource_Edit_Web)',
        params: idParamSchema,
        body: healthcareServiceInputSchema,
        response: { 200: healthcareServiceResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await admin.updateHealthcareService(deps, contextOf(request), request.params.id, request.body)),
  );
  app.put(
    `${V2}/healthcareservice/:id/profile-picture`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "Upload the resource's photo (JPEG, PNG or WebP, at most 5 MB, base64)",
        params: idParamSchema,
        body: fileUploadSchema,
        response: { 200: healthcareServiceResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await admin.putServicePhoto(deps, contextOf(request), request.params.id, request.body)),
  );
  app.delete(
    `${V2}/healthcareservice/:id/profile-picture`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "Remove the resource's photo",
        params: idParamSchema,
        response: { 200: healthcareServiceResponseSchema, ...errors },
      },
    },
    async (request) => ok(await admin.deleteServicePhoto(deps, contextOf(request), request.params.id)),
  );
  app.get(
    `${V2}/healthcareservice/:id/profile-picture`,
    { schema: { tags, summary: "The resource's photo (public)", params: idParamSchema } },
    async (request, reply) => {
      const image = await admin.readImage(database, 'healthcare_service', request.params.id, 'photo');
      return reply
        .type(image.content_type)
        .header('cache-control', 'public, max-age=300')
        .header('etag', `"${image.sha256}"`)
        .send(Buffer.from(image.content));
    },
  );
  app.post(
    `${GATEWAY}/healthcareservice/settings`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "A resource's settings (defaults until saved)",
        body: healthcareServiceSettingsGetSchema,
        response: { 200: healthcareServiceSettingsResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await admin.readServiceSettings(database, contextOf(request), request.body.HealthcareServiceId)),
  );
  app.put(
    `${GATEWAY}/healthcareservice/settings/update`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "Replace a resource's settings",
        body: healthcareServiceSettingsInputSchema,
        response: { 200: healthcareServiceSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ok(await admin.writeServiceSettings(deps, contextOf(request), request.body)),
  );
};
