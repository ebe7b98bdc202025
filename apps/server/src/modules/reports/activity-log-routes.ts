import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import { BEARER, ERROR_RESPONSES } from '../../platform/route-schemas';
import { ACTIVITY_ACTIONS, findLog, logFile, SESSION_ACTIONS, type LogKind } from './activity-logs';

const LOGGING = '/careslot-logging/api/v1';

const queryOf = (actions: readonly [string, ...string[]]) =>
  z
    .object({
      OrganizationId: z.string().uuid().optional(),
      From: z.string().date(),
      To: z.string().date(),
      /** One user of the practice (their UserId in the answer's Users). */
      UserId: z.string().uuid().optional(),
      Action: z.enum(actions).optional(),
      PageNumber: z.number().int().min(1).default(1),
      PageSize: z.number().int().min(1).max(100).default(25),
      Format: z.enum(['csv', 'xlsx']).default('csv'),
    })
    .refine((q) => q.From <= q.To, { path: ['To'], message: 'must not be before From' });

const rowSchema = z.object({
  ActionTime: z.string(),
  UserId: z.string().nullable(),
  UserName: z.string().nullable(),
  UserType: z.string(),
  Action: z.string(),
  Entity: z.string().nullable(),
  UserWorkflow: z.string().nullable(),
  Outcome: z.string(),
  ClientIp: z.string().nullable(),
  Browser: z.string().nullable(),
  DeviceOs: z.string().nullable(),
});
const userSchema = z.object({ UserId: z.string(), UserName: z.string(), UserType: z.string() });

const FILE_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * POST UserActivities/find|download and UserSessions/find|download (practice-portal.md §7 Logging, §3.9): the
 * practice's activity log and session log, for its admins.
 */
export const activityLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const logs: { kind: LogKind; path: string; name: string; actions: readonly [string, ...string[]] }[] = [
    {
      kind: 'activities',
      path: `${LOGGING}/UserActivities`,
      name: 'activity log',
      actions: ACTIVITY_ACTIONS,
    },
    { kind: 'sessions', path: `${LOGGING}/UserSessions`, name: 'session log', actions: SESSION_ACTIONS },
  ];
  for (const log of logs) {
    const body = queryOf(log.actions);
    app.post(
      `${log.path}/find`,
      {
        preHandler: requireUser,
        config: { feature: 'reports' },
        schema: {
          tags: ['reports'],
          security: BEARER,
          summary: `A page of the practice's ${log.name}`,
          body,
          response: {
            200: z.object({
              status_code: z.number(),
              message: z.string(),
              data: z.object({
                Data: z.array(rowSchema),
                Total: z.number().int(),
                Users: z.array(userSchema),
              }),
            }),
            ...ERROR_RESPONSES,
          },
        },
      },
      async (request) => ({
        status_code: 200,
        message: 'success',
        data: await findLog(deps, contextOf(request), log.kind, request.body),
      }),
    );
    app.post(
      `${log.path}/download`,
      {
        preHandler: requireUser,
        config: { feature: 'reports' },
        schema: {
          tags: ['reports'],
          security: BEARER,
          summary: `The practice's ${log.name} as CSV or XLSX (Format)`,
          body,
        },
      },
      async (request, reply) => {
        const { From, To, Format } = request.body;
        const file = await logFile(deps, contextOf(request), log.kind, request.body, Format);
        return reply
          .header('content-type', FILE_TYPES[Format])
          .header('content-disposition', `attachment; filename="${log.kind}-${From}-${To}.${Format}"`)
          .header('cache-control', 'no-store')
          .send(file);
      },
    );
  }
};
