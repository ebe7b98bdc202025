import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type z } from 'zod';
import {
  emailTemplateDetailSchema,
  emailTemplateListSchema,
  emailTemplateResponseSchema,
  emailTemplateUpsertSchema,
  organizationNotificationSettingsResponseSchema,
  organizationNotificationSettingsSchema,
  practiceIdParamsSchema,
  smsLogPageSchema,
  smsLogQuerySchema,
  smsTemplateDetailSchema,
  smsTemplateListSchema,
  smsTemplateResponseSchema,
  smsTemplateUpsertSchema,
  templateQuerySchema,
  workflowKeyParamsSchema,
  type EmailTemplate,
} from '@careslot/contracts';
import { requireRoles, requireUser } from '../../platform/auth';
import { ROLE_SETS } from '../../platform/access';
import { contextOf } from '../../platform/context';
import { findSmsLogs, smsLogsCsv, smsLogsPrintable } from './sms-log';
import * as templates from './templates';
import { ERROR_RESPONSES } from '../../platform/route-schemas';

const V1 = '/careslot-notification/api/v1';
const tags = ['notification'];
const errors = ERROR_RESPONSES;

/**
 * The practice's e-mail and SMS templates, its notification settings and the SMS logs report
 * (practice-portal.md §7 "E-mail and SMS templates", "Notification service"; decision 0061). Practice admins
 * only, each on their own organization: another's answers 404 and is audited.
 */
export const messageTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const security = [{ bearer: [] }];
  const admin = requireRoles(...ROLE_SETS.ADMINS);

  app.get(
    `${V1}/emails`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The product's built-in e-mail texts of every workflow key and language",
        response: { 200: emailTemplateListSchema, ...errors },
      },
    },
    async () => ({
      is_success: true,
      data: templates.builtInTemplates('email') as EmailTemplate[],
    }),
  );
  app.get(
    `${V1}/sms`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The product's built-in SMS texts of every workflow key and language",
        response: { 200: smsTemplateListSchema, ...errors },
      },
    },
    async () => ({
      is_success: true,
      data: templates.builtInTemplates('sms'),
    }),
  );

  app.get(
    `${V1}/emails/practices/:id`,
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: "A practice's e-mail templates (its own, else the built-in text)",
        params: practiceIdParamsSchema,
        response: { 200: emailTemplateListSchema, ...errors },
      },
    },
    async (request) => ({
      is_success: true,
      data: (await templates.practiceTemplates(
        deps,
        contextOf(request),
        request.params.id,
        'email',
      )) as EmailTemplate[],
    }),
  );
  app.get(
    `${V1}/sms/practices/:id`,
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: "A practice's SMS templates (its own, else the built-in text)",
        params: practiceIdParamsSchema,
        response: { 200: smsTemplateListSchema, ...errors },
      },
    },
    async (request) => ({
      is_success: true,
      data: await templates.practiceTemplates(deps, contextOf(request), request.params.id, 'sms'),
    }),
  );

  app.get(
    `${V1}/practice-emails/organizations/:org/workflow-key/:key`,
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: "One workflow key's e-mail templates with a preview from sample data under the options",
        params: workflowKeyParamsSchema,
        querystring: templateQuerySchema,
        response: { 200: emailTemplateDetailSchema, ...errors },
      },
    },
    async (request) => {
      const data = await templates.templatesOfKey(deps, contextOf(request), {
        organizationId: request.params.org,
        key: request.params.key,
        channel: 'email',
        query: request.query,
      });
      return { is_success: true, data: data as z.infer<typeof emailTemplateDetailSchema>['data'] };
    },
  );
  app.get(
    `${V1}/practice-sms/organizations/:org/workflow-key/:key`,
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: "One workflow key's SMS templates with a preview from sample data under the options",
        params: workflowKeyParamsSchema,
        querystring: templateQuerySchema,
        response: { 200: smsTemplateDetailSchema, ...errors },
      },
    },
    async (request) => {
      const data = await templates.templatesOfKey(deps, contextOf(request), {
        organizationId: request.params.org,
        key: request.params.key,
        channel: 'sms',
        query: request.query,
      });
      return { is_success: true, data: data };
    },
  );

  app.post(
    `${V1}/practice-emails/upsert`,
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary:
          "Save a practice's e-mail template of a key and language (UseDefault: back to the built-in text)",
        body: emailTemplateUpsertSchema,
        response: { 200: emailTemplateResponseSchema, ...errors },
      },
    },
    async (request) => ({
      is_success: true,
      message: 'Template saved.',
      data: (await templates.saveTemplate(deps, contextOf(request), 'email', request.body)) as EmailTemplate,
    }),
  );
  app.post(
    `${V1}/practice-sms/upsert`,
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary:
          "Save a practice's SMS template of a key and language (UseDefault: back to the built-in text)",
        body: smsTemplateUpsertSchema,
        response: { 200: smsTemplateResponseSchema, ...errors },
      },
    },
    async (request) => ({
      is_success: true,
      message: 'Template saved.',
      data: await templates.saveTemplate(deps, contextOf(request), 'sms', request.body),
    }),
  );

  app.get(
    `${V1}/notification/OrganizationSettings/:id`,
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: "The organization's notification settings",
        params: practiceIdParamsSchema,
        response: { 200: organizationNotificationSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      is_success: true,
      message: 'OK',
      data: await templates.readOrganizationSettings(deps, contextOf(request), request.params.id),
    }),
  );
  app.post(
    `${V1}/notification/OrganizationSettings/upsert`,
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: "Save the organization's notification settings",
        body: organizationNotificationSettingsSchema,
        response: { 200: organizationNotificationSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      is_success: true,
      message: 'Settings saved.',
      data: await templates.saveOrganizationSettings(deps, contextOf(request), request.body),
    }),
  );

  app.post(
    `${V1}/smslogsreport`,
    {
      config: { feature: 'reports' },
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'The SMS the practice sent (find)',
        body: smsLogQuerySchema,
        response: { 200: smsLogPageSchema, ...errors },
      },
    },
    async (request) => ({
      is_success: true,
      data: await findSmsLogs(deps, contextOf(request), request.body),
    }),
  );
  app.post(
    `${V1}/smslogsreport/download`,
    {
      config: { feature: 'reports' },
      preHandler: admin,
      schema: { tags, security, summary: 'The SMS the practice sent, as CSV', body: smsLogQuerySchema },
    },
    async (request, reply) => {
      const csv = await smsLogsCsv(deps, contextOf(request), request.body);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="sms-logs-${request.body.From}-${request.body.To}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  app.post(
    `${V1}/smslogsreport/print`,
    {
      config: { feature: 'reports' },
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'The SMS the practice sent, as a printable page',
        body: smsLogQuerySchema,
      },
    },
    async (request, reply) => {
      const html = await smsLogsPrintable(deps, contextOf(request), request.body);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html);
    },
  );
};
