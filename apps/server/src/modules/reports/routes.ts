import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import * as service from './service';
import { BEARER, ERROR_RESPONSES } from '../../platform/route-schemas';

const REPORT = '/careslot-appointment-service/api/v2/AppointmentsReport';
const CONFIRMATIONS = '/careslot-notification/api/v1/AppointmentConfirmationLog';
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
    /** The download's file: CSV (the default) or an Excel workbook. */
    Format: z.enum(['csv', 'xlsx']).default('csv'),
  })
  .refine((q) => q.From <= q.To, { path: ['To'], message: 'must not be before From' });

const baseRow = {
  AppointmentId: z.string().uuid(),
  PatientId: z.string().uuid(),
  PatientName: z.string().nullable(),
  StartTime: z.string(),
  PractitionerId: z.string().uuid().nullable(),
  LocationId: z.string().uuid().nullable(),
};
const checkinRowSchema = z.object({ ...baseRow, CheckedInAt: z.string() });
const confirmationRowSchema = z.object({
  ...baseRow,
  ConfirmedAt: z.string(),
  ConfirmedBy: z.enum(['Patient', 'Practice']),
});

const FILE_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * POST api/v2/AppointmentsReport/find|download|print/checkedin-appointments and POST
 * AppointmentConfirmationLog/find|download|print (practice-portal.md §2.13, §7 Reports).
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const reports = [
    {
      kind: 'checkins' as const,
      paths: {
        find: `${REPORT}/find/checkedin-appointments`,
        download: `${REPORT}/download/checkedin-appointments`,
        print: `${REPORT}/print/checkedin-appointments`,
      },
      name: 'checked-in appointments report',
      file: 'checked-in',
      row: checkinRowSchema,
    },
    {
      kind: 'confirmations' as const,
      paths: {
        find: `${CONFIRMATIONS}/find`,
        download: `${CONFIRMATIONS}/download`,
        print: `${CONFIRMATIONS}/print`,
      },
      name: 'appointment confirmations report',
      file: 'confirmations',
      row: confirmationRowSchema,
    },
  ];
  for (const report of reports) {
    app.post(
      report.paths.find,
      {
        preHandler: requireUser,
        config: { feature: 'reports' },
        schema: {
          tags,
          security,
          summary: `A page of the ${report.name}`,
          body: querySchema,
          response: {
            200: z.object({
              status_code: z.number(),
              message: z.string(),
              data: z.object({ Data: z.array(report.row), Total: z.number().int() }),
            }),
            ...errors,
          },
        },
      },
      async (request) => ({
        status_code: 200,
        message: 'success',
        data: await service.findReport(deps, contextOf(request), report.kind, request.body),
      }),
    );
    app.post(
      report.paths.download,
      {
        preHandler: requireUser,
        config: { feature: 'reports' },
        schema: {
          tags,
          security,
          summary: `The ${report.name} as CSV or XLSX (Format)`,
          body: querySchema,
        },
      },
      async (request, reply) => {
        const { From, To, Format } = request.body;
        const file = await service.reportFile(deps, contextOf(request), report.kind, request.body, Format);
        return reply
          .header('content-type', FILE_TYPES[Format])
          .header('content-disposition', `attachment; filename="${report.file}-${From}-${To}.${Format}"`)
          .header('cache-control', 'no-store')
          .send(file);
      },
    );
    app.post(
      report.paths.print,
      {
        preHandler: requireUser,
        config: { feature: 'reports' },
        schema: { tags, security, summary: `The ${report.name} as a PDF for paper`, body: querySchema },
      },
      async (request, reply) =>
        reply
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            `inline; filename="${report.file}-${request.body.From}-${request.body.To}.pdf"`,
          )
          .header('cache-control', 'no-store')
          .send(await service.reportPdf(deps, contextOf(request), report.kind, request.body)),
    );
  }
};
