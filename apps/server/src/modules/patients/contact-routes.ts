import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactInputSchema,
  contactListSchema,
  contactSchema,
  contactSearchSchema,
  errorEnvelopeSchema,
  familyMemberInputSchema,
  familyMemberQuerySchema,
  idParamSchema,
  patientEntryParamsSchema,
  pharmacyInputSchema,
  pharmacyListSchema,
  pharmacySchema,
  pharmacySearchSchema,
  relatedPersonSchema,
} from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import { BEARER, envelopeOf, ok } from '../../platform/route-schemas';
import * as contacts from './contacts';

const V2 = '/careslot-administration/api/v2';
const V1 = '/careslot-administration/api/v1';
const tags = ['patients'];
const security = BEARER;
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/**
 * A patient's preferred pharmacies, emergency contacts and family members (practice-portal.md §7 Patients,
 * decision 0110). The spec shows the reads; adding and removing are the product's (POST on the collection,
 * DELETE of one entry). Each answers 404 for a patient the caller may not act for.
 */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    `${V2}/patient/:id/pharmacies`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "A patient's preferred pharmacies, newest first (the spec's defaults: Limit 10)",
        params: idParamSchema,
        response: { 200: pharmacyListSchema, ...errors },
      },
    },
    async (request) =>
      contacts.searchPharmacies(
        deps,
        contextOf(request),
        pharmacySearchSchema.parse({ PatientId: request.params.id }),
      ),
  );

  app.post(
    `${V2}/PatientPharmacies/advance-search`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "A patient's preferred pharmacies: {PatientId, OrderBy desc, Offset 0, Limit 10, SortBy}",
        body: pharmacySearchSchema,
        response: { 200: pharmacyListSchema, ...errors },
      },
    },
    async (request) => contacts.searchPharmacies(deps, contextOf(request), request.body),
  );

  app.post(
    `${V2}/PatientPharmacies`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Add a preferred pharmacy to a patient',
        body: pharmacyInputSchema,
        response: { 200: envelopeOf(pharmacySchema), ...errors },
      },
    },
    async (request) => ok(await contacts.addPharmacy(deps, contextOf(request), request.body)),
  );

  app.delete(
    `${V2}/patient/:id/pharmacies/:entryId`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "Remove one of a patient's preferred pharmacies",
        params: patientEntryParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await contacts.removePharmacy(deps, contextOf(request), request.params.id, request.params.entryId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${V1}/PatientContact/advance-search`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "A patient's emergency contacts, in the order they were added",
        body: contactSearchSchema,
        response: { 200: contactListSchema, ...errors },
      },
    },
    async (request) => contacts.searchContacts(deps, contextOf(request), request.body),
  );

  app.post(
    `${V1}/PatientContact`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Add an emergency contact to a patient (a phone or an e-mail is required)',
        body: contactInputSchema,
        response: { 200: envelopeOf(contactSchema), ...errors },
      },
    },
    async (request) => ok(await contacts.addContact(deps, contextOf(request), request.body)),
  );

  app.delete(
    `${V1}/patients/:id/contacts/:entryId`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "Remove one of a patient's emergency contacts",
        params: patientEntryParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await contacts.removeContact(deps, contextOf(request), request.params.id, request.params.entryId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${V2}/patient/:id/family-member`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Add a family member (their own patient record) that the account holder {id} books for; relation is what the member is to the holder',
        params: idParamSchema,
        querystring: familyMemberQuerySchema,
        body: familyMemberInputSchema,
        response: { 200: envelopeOf(relatedPersonSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await contacts.addFamilyMemberFor(
          deps,
          contextOf(request),
          request.params.id,
          request.query.relation,
          request.body,
        ),
      ),
  );
};
