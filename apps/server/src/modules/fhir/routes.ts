import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FhirResource } from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import * as service from './service';
import { BEARER } from '../../platform/route-schemas';

export const FHIR_BASE = '/fhir/R4';
const FHIR_JSON = 'application/fhir+json; charset=utf-8';
const tags = ['FHIR R4'];
const security = BEARER;
const MAX_COUNT = 100;

const searchQuery = z.object({
  patient: z.string().max(100).optional(),
  subject: z.string().max(100).optional(),
  date: z.union([z.string().max(40), z.array(z.string().max(40)).max(2)]).optional(),
  code: z.string().max(200).optional(),
  status: z.string().max(200).optional(),
  start: z.union([z.string().max(40), z.array(z.string().max(40)).max(2)]).optional(),
  _id: z.string().max(100).optional(),
  name: z.string().max(75).optional(),
  family: z.string().max(35).optional(),
  given: z.string().max(35).optional(),
  identifier: z.string().max(1000).optional(),
  practitioner: z.string().max(100).optional(),
  organization: z.string().max(100).optional(),
  location: z.string().max(100).optional(),
  actor: z.string().max(100).optional(),
  schedule: z.string().max(1000).optional(),
  _count: z.coerce.number().int().min(1).max(MAX_COUNT).default(20),
  _offset: z.coerce.number().int().min(0).default(0),
});

/**
 * The FHIR R4 API (issue 27, decision 0096): read and search over the clinical record and the patient, with
 * the product's bearer tokens and access policy (a patient sees their own, a practice its own entries).
 */
export const fhirRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  // Links name the address the client used (behind the trusted proxy, its forwarded host), so a client follows them.
  const base = (request: FastifyRequest) => `${request.protocol}://${request.host}${FHIR_BASE}`;

  app.get(
    `${FHIR_BASE}/metadata`,
    { schema: { tags, summary: 'The CapabilityStatement: exactly what this API serves' } },
    async (request, reply) =>
      reply.type(FHIR_JSON).send(service.capabilityStatement(base(request), deps.clock.now())),
  );

  app.get(
    `${FHIR_BASE}/.well-known/smart-configuration`,
    { schema: { tags, summary: 'SMART App Launch discovery (scopes patient/*.read, user/*.read)' } },
    async () => service.smartConfiguration(deps.config.publicUrl),
  );

  app.get(
    `${FHIR_BASE}/Patient/:id/$everything`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The patient's record as a searchset Bundle (the patient's own export)",
        params: z.object({ id: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const resources = await service.everything(deps, contextOf(request), request.params.id);
      return reply.type(FHIR_JSON).send(bundle(base(request), resources, resources.length, null));
    },
  );

  app.get(
    `${FHIR_BASE}/:type/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Read one resource',
        params: z.object({ type: z.string().max(40), id: z.string().max(100) }),
      },
    },
    async (request, reply) =>
      reply
        .type(FHIR_JSON)
        .send(await service.read(deps, contextOf(request), request.params.type, request.params.id)),
  );

  app.get(
    `${FHIR_BASE}/:type`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "Search by patient, date, code, status (and the directory types' parameters); _count and paging links",
        params: z.object({ type: z.string().max(40) }),
        querystring: searchQuery,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { _id, name, family, given, identifier, practitioner, organization, location, actor, schedule } =
        q;
      const params = {
        _id,
        name,
        family,
        given,
        identifier,
        practitioner,
        organization,
        location,
        actor,
        schedule,
      };
      const patient = q.patient ?? q.subject;
      const { resources, total } = await service.search(deps, contextOf(request), request.params.type, {
        ...(patient ? { patient } : {}),
        ...(q.date ? { date: q.date } : {}),
        ...(q.start ? { start: q.start } : {}),
        params,
        ...(q.code ? { code: q.code } : {}),
        ...(q.status ? { status: q.status } : {}),
        count: q._count,
        offset: q._offset,
      });
      const self = new URL(`${base(request)}/${request.params.type}`);
      for (const [key, value] of Object.entries(q))
        if (key !== '_offset' && value !== undefined)
          for (const v of Array.isArray(value) ? value : [value]) self.searchParams.append(key, String(v));
      return reply
        .type(FHIR_JSON)
        .send(bundle(base(request), resources, total, { url: self, offset: q._offset, count: q._count }));
    },
  );
};

/** A searchset Bundle with self, next and previous links. */
function bundle(
  base: string,
  resources: FhirResource[],
  total: number,
  paging: { url: URL; offset: number; count: number } | null,
): FhirResource {
  const link: { relation: string; url: string }[] = [];
  if (paging) {
    const at = (offset: number) => {
      const url = new URL(paging.url);
      url.searchParams.set('_offset', String(offset));
      return url.toString();
    };
    link.push({ relation: 'self', url: at(paging.offset) });
    if (paging.offset + paging.count < total)
      link.push({ relation: 'next', url: at(paging.offset + paging.count) });
    if (paging.offset > 0)
      link.push({ relation: 'previous', url: at(Math.max(0, paging.offset - paging.count)) });
  }
  return {
    resourceType: 'Bundle',
    id: crypto.randomUUID(),
    type: 'searchset',
    total,
    ...(link.length ? { link } : {}),
    entry: resources.map((resource) => ({
      fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
      resource,
      search: { mode: 'match' },
    })),
  };
}
