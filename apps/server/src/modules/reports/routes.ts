import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import * as service from './service';
import { BEARER, ERROR_RESPONSES } from '../../platform/route-schemas';

const REPORT = '/careslot-appointment-service/api/v2/AppointmentsReport';
const tags = ['reports'];
const security = BEARER;
const errors = ERROR_RESPONSES;

const querySchema = z
  .object({
    OrganizationId: z.string().uuid().optional(),
    From: z.string().date(),
    To: z.string().date(),
    PageNumber: z.number().int().min(1).default(1),
    PageSize: z.number().int().min(1).max(100).default(25),
  })
  .refine((q) => q.From <= q.To, { path: ['To'], message: 'must not be before From' });

const rowSchema = z.object({
  AppointmentId: z.string().uuid(),
  PatientId: z.string().uuid(),
  PatientName: z.string().nullable(),
  StartTime: z.string(),
  CheckedInAt: z.string(),
  PractitionerId: z.string().uuid().nullable(),
  LocationId: z.string().uuid().nullable(),
});

/** POST api/v2/AppointmentsReport/find|download|print/checkedin-appointments (practice-portal.md §7 Reports). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.post(
    `${REPORT}/find/checkedin-appointments`,
    {
      preHandler: requireUser,
      config: { feature: 'reports' },
      schema: {
        tags,
        security,
        summary: 'A page of the checked-in appointments report',
        body: querySchema,
        response: {
          200: z.object({
            status_code: z.number(),
            message: z.string(),
            data: z.object({ Data: z.array(rowSchema), Total: z.number().int() }),
          }),
          ...errors,
        },
      },
    },
    async (request) => ({
      status_code: 200,
      message: 'success',
      data: await service.findCheckins(deps, contextOf(request), request.body),
    }),
  );
  app.post(
    `${REPORT}/download/checkedin-appointments`,
    {
      preHandler: requireUser,
      config: { feature: 'reports' },
      schema: { tags, security, summary: 'The checked-in appointments report as CSV', body: querySchema },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="checked-in-${request.body.From}-${request.body.To}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(await service.checkinsCsv(deps, contextOf(request), request.body)),
  );
  app.post(
    `${REPORT}/print/checkedin-appointments`,
    {
      preHandler: requireUser,
      config: { feature: 'reports' },
      schema: {
        tags,
        security,
        summary: 'The checked-in appointments report as a PDF for paper',
        body: querySchema,
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `inline; filename="checked-in-${request.body.From}-${request.body.To}.pdf"`,
        )
        .header('cache-control', 'no-store')
        .send(await service.checkinsPdf(deps, contextOf(request), request.body)),
  );
};
