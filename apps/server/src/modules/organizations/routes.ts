import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  careTeamListSchema,
  careTeamSearchSchema,
  coverageListSchema,
  coverageSearchSchema,
  errorEnvelopeSchema,
  healthcareServiceListSchema,
  healthcareServiceSchema,
  healthcareServiceSearchSchema,
  identifierQuerySchema,
  idParamSchema,
  locationListSchema,
  locationSchema,
  locationSearchSchema,
  organizationListSchema,
  organizationSchema,
  organizationSearchSchema,
  orgIdParamSchema,
  patientListSchema,
  patientSchema,
  patientSearchSchema,
  practitionerListSchema,
  practitionerRoleListSchema,
  practitionerRoleSearchSchema,
  practitionerSchema,
  practitionerSearchSchema,
  relatedPersonListSchema,
  webOrganizationSchema,
} from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { viewLocation } from './admin-service';
import * as service from '../patients/service';

const V2 = '/careslot-administration/api/v2';
const V1 = '/careslot-administration/api/v1';
const publicTags = ['directory'];
const patientTags = ['patients'];
const security = [{ bearer: [] }];

function found<T>(value: T | null): T {
  if (value === null) throw notFound();
  return value;
}

/**
 * Administration reads. Practices, facilities, practitioners, services and care teams are public (search
 * and booking show them to guests). Patient data needs a signed-in user and is scoped per patient.
 */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };
  const userErrors = { ...errors, 401: errorEnvelopeSchema };

  // ---------- practitioners ----------

  app.get(
    `${V2}/practitioner`,
    {
      schema: {
        tags: publicTags,
        summary: 'The practitioner holding an identifier',
        querystring: identifierQuerySchema,
        response: { 200: practitionerSchema, ...errors },
      },
    },
    async (request) => found(await service.findPractitionerByIdentifier(database, request.query.identifier)),
  );

  app.get(
    `${V2}/practitioner/:id`,
    {
      schema: {
        tags: publicTags,
        summary: 'A practitioner',
        params: idParamSchema,
        response: { 200: practitionerSchema, ...errors },
      },
    },
    async (request) => found(await service.getPractitioner(database, request.params.id)),
  );

  app.post(
    `${V2}/practitioner/advance-search`,
    {
      schema: {
        tags: publicTags,
        summary: 'Practitioners by identifier, name, NPI, e-mail, practice, role or id',
        body: practitionerSearchSchema,
        response: { 200: practitionerListSchema, ...errors },
      },
    },
    async (request) => service.searchPractitioners(database, request.body),
  );

  app.get(
    `${V2}/practitioner/get-by-organization/:orgId`,
    {
      schema: {
        tags: publicTags,
        summary: 'Every practitioner holding a role at a practice',
        params: orgIdParamSchema,
        response: { 200: practitionerListSchema, ...errors },
      },
    },
    async (request) =>
      service.searchPractitioners(database, { OrganizationId: request.params.orgId, Limit: 0, Offset: 1 }),
  );

  app.post(
    `${V2}/practitionerrole/advance-search`,
    {
      schema: {
        tags: publicTags,
        summary: 'Practitioner roles by practitioner and practice',
        body: practitionerRoleSearchSchema,
        response: { 200: practitionerRoleListSchema, ...errors },
      },
    },
    async (request) => {
      const roles = await service.listPractitionerRoles(database, request.body);
      return { Data: roles, Total: roles.length };
    },
  );

  // ---------- organizations and locations ----------

  app.get(
    `${V2}/organization`,
    {
      schema: {
        tags: publicTags,
        summary: 'The practice holding an identifier',
        querystring: identifierQuerySchema,
        response: { 200: organizationSchema, ...errors },
      },
    },
    async (request) => found(await service.getOrganizationByIdentifier(database, request.query.identifier)),
  );

  app.get(
    `${V2}/organization/:id`,
    {
      schema: {
        tags: publicTags,
        summary: 'A practice',
        params: idParamSchema,
        response: { 200: organizationSchema, ...errors },
      },
    },
    async (request) => found(await service.getOrganization(database, request.params.id)),
  );

  app.post(
    `${V2}/organization/advance-search`,
    {
      schema: {
        tags: publicTags,
        summary: 'Practices by id, name, identifier or facility',
        body: organizationSearchSchema,
        response: { 200: organizationListSchema, ...errors },
      },
    },
    async (request) => service.searchOrganizations(database, request.body),
  );

  app.get(
    `${V1}/web/organizations/:id`,
    {
      schema: {
        tags: publicTags,
        summary: 'A practice with its facilities, practitioners and resources (the aggregate the web loads)',
        params: idParamSchema,
        response: { 200: webOrganizationSchema, ...errors },
      },
    },
    async (request) => found(await service.webOrganization(database, request.params.id)),
  );

  app.get(
    `${V2}/location/:id`,
    {
      schema: {
        tags: publicTags,
        summary: 'A facility',
        params: idParamSchema,
        response: { 200: locationSchema, ...errors },
      },
    },
    // Public; a user of the owning practice reading it is audited as Location_View_Web.
    async (request) => viewLocation(database, contextOf(request), request.params.id),
  );

  app.post(
    `${V2}/location/advance-search`,
    {
      schema: {
        tags: publicTags,
        summary: 'Facilities of a practice, by name',
        body: locationSearchSchema,
        response: { 200: locationListSchema, ...errors },
      },
    },
    async (request) => service.searchLocations(database, request.body),
  );

  // ---------- healthcare services and care teams ----------

  app.get(
    `${V2}/healthcareservice/:id`,
    {
      schema: {
        tags: publicTags,
        summary: 'A healthcare service (resource)',
        params: idParamSchema,
        response: { 200: healthcareServiceSchema, ...errors },
      },
    },
    async (request) => found(await service.getHealthcareService(database, request.params.id)),
  );

  app.post(
    `${V2}/healthcareservice/advance-search`,
    {
      schema: {
        tags: publicTags,
        summary: 'Healthcare services of a practice or facility',
        body: healthcareServiceSearchSchema,
        response: { 200: healthcareServiceListSchema, ...errors },
      },
    },
    async (request) => service.searchHealthcareServices(database, request.body),
  );

  app.post(
    `${V2}/careteam/advance-search`,
    {
      schema: {
        tags: publicTags,
        summary: 'Care teams of a practice or practitioner',
        body: careTeamSearchSchema,
        response: { 200: careTeamListSchema, ...errors },
      },
    },
    async (request) => service.searchCareTeams(database, request.body),
  );

  // ---------- patients (signed-in, patient-scoped, audited) ----------

  app.get(
    `${V2}/patient`,
    {
      preHandler: requireUser,
      schema: {
        tags: patientTags,
        security,
        summary: 'The patient holding an identifier, if the caller may see them',
        querystring: identifierQuerySchema,
        response: { 200: patientSchema, ...userErrors },
      },
    },
    async (request) =>
      service.readPatientByIdentifier(database, contextOf(request), request.query.identifier),
  );

  app.get(
    `${V2}/patient/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags: patientTags,
        security,
        summary: 'A patient: the caller themself, a family member, or a patient of the caller’s practice',
        params: idParamSchema,
        response: { 200: patientSchema, ...userErrors },
      },
    },
    async (request) => service.readPatient(database, contextOf(request), request.params.id),
  );

  app.post(
    `${V2}/patient/advance-search`,
    {
      preHandler: requireUser,
      schema: {
        tags: patientTags,
        security,
        summary:
          'Patients matching every criterion given, among those the caller may see (own practice; every practice for support agents and super users; a patient’s own family)',
        body: patientSearchSchema,
        response: { 200: patientListSchema, ...userErrors, 403: errorEnvelopeSchema },
      },
    },
    async (request) => service.searchPatients(database, contextOf(request), request.body),
  );

  app.get(
    `${V1}/patients/:id/related-persons`,
    {
      preHandler: requireUser,
      schema: {
        tags: patientTags,
        security,
        summary: 'The family members a patient books for',
        params: idParamSchema,
        response: { 200: relatedPersonListSchema, ...userErrors },
      },
    },
    async (request) => service.readRelatedPersons(database, contextOf(request), request.params.id),
  );

  app.post(
    `${V2}/PatientCoverage/advance-search`,
    {
      preHandler: requireUser,
      schema: {
        tags: patientTags,
        security,
        summary: 'A patient’s insurance coverages, primary first',
        body: coverageSearchSchema,
        response: { 200: coverageListSchema, ...userErrors },
      },
    },
    async (request) => service.readCoverages(database, contextOf(request), request.body),
  );
};
