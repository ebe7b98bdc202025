import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  careTeamInputSchema,
  careTeamResponseSchema,
  entityInsuranceGetSchema,
  entityInsuranceQuerySchema,
  entityInsurancesResponseSchema,
  entityInsuranceUpsertSchema,
  errorEnvelopeSchema,
  idParamSchema,
  insuranceCarrierListSchema,
  referenceEntityQuerySchema,
} from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import { BEARER, ERROR_RESPONSES, ok } from '../../platform/route-schemas';
import { createCareTeam, entityInsurances, updateCareTeam, upsertEntityInsurances } from '../organizations';
import { PRACTITIONER_LINKS } from './people-service';

const V2 = '/careslot-administration/api/v2';
const LIBRARY = '/careslot-resource-library/api/v1';
const tags = ['practice administration'];
const libraryTags = ['resource library'];
const security = BEARER;
const errors = ERROR_RESPONSES;
const list = <T>(items: T[]) => ({ Data: items, Total: items.length });

/**
 * The practice-administration routes that join practitioners to the practice's directory (decision 0049):
 * the insurances a facility or provider accepts, and care teams of the practice's practitioners. The work is
 * the organizations module's; the people module registers them because it answers which practices a
 * practitioner works at and which plans they list (people → organizations is the dependency's one direction).
 */
export const practiceDirectoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { database: app.deps.database, events: app.deps.events, clock: app.deps.clock };
  const { database } = deps;
  const user = { preHandler: requireUser };

  // ---------- accepted insurances (resource library) ----------

  app.post(
    `${LIBRARY}/EntityInsurances/upsert`,
    {
      ...user,
      schema: {
        tags: libraryTags,
        security,
        summary: 'Replace the insurance plans a facility or provider accepts (identifier: the practice id)',
        querystring: entityInsuranceQuerySchema,
        body: entityInsuranceUpsertSchema,
        response: { 200: entityInsurancesResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await upsertEntityInsurances(
          deps,
          PRACTITIONER_LINKS,
          contextOf(request),
          request.query.type,
          request.query.id,
          request.query.identifier,
          request.body.InsurancePlanIds,
        ),
      ),
  );
  app.post(
    `${LIBRARY}/EntityInsurances/get`,
    {
      schema: {
        tags: libraryTags,
        summary: 'The insurance plans a facility or provider accepts (public)',
        body: entityInsuranceGetSchema,
        response: { 200: entityInsurancesResponseSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await entityInsurances(database, PRACTITIONER_LINKS, request.body.EntityType, request.body.EntityId),
      ),
  );
  app.get(
    `${LIBRARY}/insurances/reference-entity`,
    {
      schema: {
        tags: libraryTags,
        summary: 'The carriers and plans an entity accepts, as the insurances list shapes them',
        querystring: referenceEntityQuerySchema,
        response: { 200: insuranceCarrierListSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const accepted = await entityInsurances(
        database,
        PRACTITIONER_LINKS,
        request.query.type,
        request.query.id,
      );
      const carriers = new Map<
        string,
        {
          Id: string;
          Code: string;
          Name: string;
          PayerId: string | null;
          Plans: { Id: string; Code: string; Name: string; PlanType: string | null }[];
        }
      >();
      for (const m of accepted.Insurances) {
        const carrier = carriers.get(m.CarrierId) ?? {
          Id: m.CarrierId,
          Code: m.CarrierId,
          Name: m.CarrierName,
          PayerId: m.PayerId,
          Plans: [],
        };
        carrier.Plans.push({ Id: m.PlanId, Code: m.PlanCode, Name: m.PlanName, PlanType: m.PlanType });
        carriers.set(m.CarrierId, carrier);
      }
      return list([...carriers.values()]);
    },
  );
  // ---------- care teams ----------

  app.post(
    `${V2}/careteam`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: 'Add a care team of practitioners of the practice',
        body: careTeamInputSchema,
        response: { 200: careTeamResponseSchema, ...errors },
      },
    },
    async (request) => ok(await createCareTeam(deps, PRACTITIONER_LINKS, contextOf(request), request.body)),
  );
  app.put(
    `${V2}/careteam/:id`,
    {
      ...user,
      schema: {
        tags,
        security,
        summary: 'Change a care team',
        params: idParamSchema,
        body: careTeamInputSchema,
        response: { 200: careTeamResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(await updateCareTeam(deps, PRACTITIONER_LINKS, contextOf(request), request.params.id, request.body)),
  );
};
