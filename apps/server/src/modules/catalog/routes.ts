import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codedItemListSchema,
  conditionListSchema,
  errorEnvelopeSchema,
  insuranceCarrierListSchema,
  specialtyListSchema,
  usStateListSchema,
  zipCodeListSchema,
  zipCodeSchema,
  zipParamSchema,
  zipPrefixRequestSchema,
} from '@careslot/contracts';
import * as service from './service';
import type { CodeKind } from './tables';

const BASE = '/careslot-resource-library/api/v1';
const tags = ['resource library'];
const list = <T>(items: T[]) => ({ Data: items, Total: items.length });

/** The coded look-up lists, each at its own path (practice-portal.md §7 "Resource library"). */
const CODE_LISTS: { path: string; kind: CodeKind; summary: string }[] = [
  { path: 'languages', kind: 'language', summary: 'Languages' },
  { path: 'races', kind: 'race', summary: 'Races' },
  { path: 'ethnicities', kind: 'ethnicity', summary: 'Ethnicities' },
  {
    path: 'relations',
    kind: 'relation',
    summary: 'Relations of a family member or subscriber to the patient',
  },
  {
    path: 'professional-suffixes',
    kind: 'professional-suffix',
    summary: 'Professional suffixes (MD, DO, NP, ...)',
  },
  { path: 'cancellation-reasons', kind: 'cancellation-reason', summary: 'Appointment cancellation reasons' },
  { path: 'board-certifications', kind: 'board-certification', summary: 'Medical board certifications' },
  { path: 'hospitals', kind: 'hospital', summary: 'Hospitals (affiliations)' },
  { path: 'procedurescatalog/all', kind: 'procedure', summary: 'The procedures catalog (CPT codes)' },
];

/** Public look-ups: anyone may read them, with a guest token or none. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };

  app.post(
    `${BASE}/zip-codes/prefix`,
    {
      schema: {
        tags,
        summary: 'Zip codes starting with the given digits (at least 3), in code order',
        body: zipPrefixRequestSchema,
        response: { 200: zipCodeListSchema, ...errors },
      },
    },
    async (request) => list(await service.zipCodesByPrefix(database, request.body.Code, request.body.Limit)),
  );

  app.get(
    `${BASE}/zip-codes/:zip`,
    {
      schema: {
        tags,
        summary: 'One zip code with its city, state, county and coordinates',
        params: zipParamSchema,
        response: { 200: zipCodeSchema, ...errors },
      },
    },
    async (request) => service.zipCode(database, request.params.zip.replace('-', '')),
  );

  app.get(
    `${BASE}/insurances`,
    {
      schema: {
        tags,
        summary: 'Insurance carriers with their plans',
        response: { 200: insuranceCarrierListSchema },
      },
    },
    async () => list(await service.insurances(database)),
  );

  app.get(
    `${BASE}/specialties`,
    { schema: { tags, summary: 'Specialties (Id, Display)', response: { 200: specialtyListSchema } } },
    async () => list(await service.specialties(database)),
  );

  app.get(
    `${BASE}/conditions`,
    {
      schema: {
        tags,
        summary: 'Illness conditions with the specialties that treat them',
        response: { 200: conditionListSchema },
      },
    },
    async () => list(await service.conditions(database)),
  );

  app.get(
    `${BASE}/states`,
    { schema: { tags, summary: 'US states with their FIPS codes', response: { 200: usStateListSchema } } },
    async () => list(await service.states(database)),
  );

  for (const { path, kind, summary } of CODE_LISTS) {
    app.get(
      `${BASE}/${path}`,
      { schema: { tags, summary, response: { 200: codedItemListSchema } } },
      async () => list(await service.codes(database, kind)),
    );
  }
};
