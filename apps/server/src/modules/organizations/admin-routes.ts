import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
import { contextOf, type RequestContext } from '../../platform/context';
import type { Database } from '../../platform/db';
import type { ModuleApp } from '../../platform/modules';
import * as admin from './admin-service';
import type { AdminDeps } from './admin-service';
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

/** What a settings route does with its record. */
type SettingsCall =
  /** Reads the record of the practice in the path (defaults until saved). */
  | 'read'
  /** Reads the record of the body's OrganizationId, answered as a list of one. */
  | 'search'
  /** Adds the record: 409 when the practice has it. */
  | 'create'
  /** Replaces the record of the practice in the path (the body's OrganizationId must match). */
  | 'replace'
  /** Adds or replaces the record of the body's OrganizationId. */
  | 'upsert';

interface SettingsRoute {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  call: SettingsCall;
  summary: string;
}

/** A settings record's routes: its read and write calls (admin-service.ts practiceSettings) and its contract. */
interface SettingsResource<Input extends { OrganizationId: string }> {
  record: {
    read(database: Database, context: RequestContext, organizationId: string): Promise<unknown>;
    write(
      deps: AdminDeps,
      context: RequestContext,
      input: Input,
      mode: 'create' | 'replace',
      id?: string,
    ): Promise<unknown>;
  };
  input: z.ZodType<Input>;
  response: z.ZodType;
  /** The criteria body and list answer of its `search` routes. */
  search?: { criteria: z.ZodType<{ OrganizationId: string }>; list: z.ZodType };
  routes: SettingsRoute[];
}

/** Registers a settings record's routes, each from its row: the schema and the call follow from `call`. */
const settingsRoutes =
  <Input extends { OrganizationId: string }>(resource: SettingsResource<Input>) =>
  (app: ModuleApp, deps: AdminDeps) => {
    for (const route of resource.routes) {
      const byId = route.call === 'read' || route.call === 'replace';
      const body =
        route.call === 'search' ? resource.search!.criteria : route.call === 'read' ? null : resource.input;
      app.route({
        method: route.method,
        url: route.url,
        preHandler: requireUser,
        schema: {
          tags,
          security,
          summary: route.summary,
          ...(byId ? { params: idParamSchema } : {}),
          ...(body ? { body } : {}),
          response: {
            200: route.call === 'search' ? resource.search!.list : resource.response,
            ...(route.call === 'create' ? writeErrors : errors),
          },
        },
        handler: async (request) => {
          const context = contextOf(request);
          const id = (request.params as { id?: string }).id!;
          const input = request.body as Input;
          switch (route.call) {
            case 'read':
              return ok(await resource.record.read(deps.database, context, id));
            case 'search':
              return list([await resource.record.read(deps.database, context, input.OrganizationId)]);
            case 'create':
              return ok(await resource.record.write(deps, context, input, 'create'));
            case 'replace':
              return ok(await resource.record.write(deps, context, input, 'replace', id));
            case 'upsert':
              return ok(await resource.record.write(deps, context, input, 'replace'));
          }
        },
      });
    }
  };

const PORTAL = `${V1}/PatientPortalSettings`;

/** The organization, practice-clinical (paths not in the spec: decision 0049) and patient-portal settings. */
const SETTINGS_ROUTES = [
  settingsRoutes({
    record: admin.organizationSettings,
    input: organizationSettingsInputSchema,
    response: organizationSettingsResponseSchema,
    routes: [
      ...[`${V1}/organizationsettings/:id`, `${GATEWAY}/organization/organization-settings/:id`].map(
        (url): SettingsRoute => ({
          method: 'GET',
          url,
          call: 'read',
          summary:
            "The practice's settings (one per practice, keyed by the organization id; defaults until saved)",
        }),
      ),
      {
        method: 'PUT',
        url: `${V1}/organizationsettings/:id`,
        call: 'replace',
        summary: "Replace the practice's settings",
      },
      {
        method: 'POST',
        url: `${V1}/organizationsettings`,
        call: 'create',
        summary: "Add the practice's settings (409 when it has them)",
      },
      {
        method: 'POST',
        url: `${V1}/organizationsettings/upsert`,
        call: 'upsert',
        summary: "Add or replace the practice's settings",
      },
    ],
  }),
  settingsRoutes({
    record: admin.clinicalSettings,
    input: practiceClinicalSettingsInputSchema,
    response: practiceClinicalSettingsResponseSchema,
    search: { criteria: practiceClinicalSettingsCriteriaSchema, list: practiceClinicalSettingsListSchema },
    routes: [
      {
        method: 'POST',
        url: `${V1}/practiceclinicalsettings/get`,
        call: 'search',
        summary: "The practice's clinical settings (by criteria; defaults until saved)",
      },
      {
        method: 'PUT',
        url: `${V1}/practiceclinicalsettings/:id`,
        call: 'replace',
        summary: "Replace the practice's clinical settings (id = organization id)",
      },
      {
        method: 'POST',
        url: `${V1}/practiceclinicalsettings`,
        call: 'create',
        summary: "Add the practice's clinical settings (409 when it has them)",
      },
    ],
  }),
  settingsRoutes({
    record: admin.portalSettings,
    input: patientPortalSettingsInputSchema,
    response: patientPortalSettingsResponseSchema,
    search: { criteria: patientPortalSettingsSearchSchema, list: patientPortalSettingsListSchema },
    routes: [
      {
        method: 'POST',
        url: `${PORTAL}/advance-search`,
        call: 'search',
        summary: "The practice's patient-portal settings (defaults until saved)",
      },
      {
        method: 'GET',
        url: `${PORTAL}/:id`,
        call: 'read',
        summary: 'Patient-portal settings by id (the organization id)',
      },
      {
        method: 'PUT',
        url: `${PORTAL}/:id`,
        call: 'replace',
        summary: 'Replace the patient-portal settings',
      },
      {
        method: 'POST',
        url: PORTAL,
        call: 'create',
        summary: 'Add the patient-portal settings (409 when the practice has them)',
      },
    ],
  }),
];

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

  // ---------- the practice's settings records (decision 0073): one table of routes ----------

  for (const register of SETTINGS_ROUTES) register(app, deps);
  // The one call beyond a record's read and write: some of the organization settings.
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
