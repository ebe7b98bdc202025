import {
  LANGUAGES,
  WORKFLOW_KEYS,
  type EmailTemplate,
  type EmailTemplateUpsert,
  type Language,
  type MessageValues,
  type OrganizationNotificationSettings,
  type RenderedMessage,
  type SmsTemplate,
  type SmsTemplateUpsert,
  type WorkflowKey,
} from '@careslot/contracts';
import {
  renderTemplate,
  SAMPLE_MESSAGE_VALUES,
  validateTemplateText,
  type RenderOptions,
} from '@careslot/domain';
import {
  authorizePractice,
  recordPracticeOutcome,
  ROLE_SETS,
  type AccessAction,
} from '../../platform/access';
import { onConnection, type RequestContext } from '../../platform/context';
import type { Connection } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { getOrganization } from '../organizations';
import { builtInTemplate } from './template-defaults';
import * as store from './templates-store';

/**
 * The practices' e-mail and SMS templates and notification settings (issue 18 item 3, decision 0061): the
 * built-in texts, a practice's own per workflow key and language, checked placeholders, a preview from sample
 * data, and `renderPracticeMessage` for every module that writes to a patient.
 */

type Deps = Pick<AppDeps, 'database' | 'clock'>;
type Channel = 'email' | 'sms';

export const TEMPLATE_EDIT_WORKFLOW = 'Notification_Template_Edit_Web';
export const NOTIFICATION_SETTINGS_EDIT_WORKFLOW = 'Notification_Settings_Edit_Web';
export const SMS_LOG_REPORT_WORKFLOW = 'Sms_Log_Report_Web';

/**
 * A practice's templates, notification settings and SMS logs are its admins' (a super user does not edit them);
 * the platform policy decides: another practice's 404, a user of the practice without the role 403, audited
 * (decision 0080). The change writes its own row in its transaction.
 */
export async function authorizeTemplates(
  context: RequestContext,
  organizationId: string,
  entityType: string,
  action: AccessAction,
  workflow: string | null,
): Promise<void> {
  await authorizePractice(
    context,
    action,
    { entityType, id: organizationId, organizationId, workflow },
    { roles: ROLE_SETS.ADMINS, superUser: false, audit: 'refusals' },
  );
}

const isoOf = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

// ---- organization notification settings ----

const DEFAULT_SETTINGS = {
  send_appointment_details: true,
  hide_reason: false,
  email_enabled: true,
  sms_enabled: true,
};

function toSettings(
  organizationId: string,
  row: store.OrgSettingsRow | null,
): OrganizationNotificationSettings {
  const r = row ?? { organization_id: organizationId, ...DEFAULT_SETTINGS };
  return {
    OrganizationId: organizationId,
    SendAppointmentDetailsInPatientCommunication: r.send_appointment_details,
    HideReasonInNotifications: r.hide_reason,
    EmailEnabled: r.email_enabled,
    SmsEnabled: r.sms_enabled,
  };
}

/** The organization's settings as the messages use them (defaults when none were saved). */
export async function notificationSettingsOf(
  db: Pick<Connection, 'query'>,
  organizationId: string,
): Promise<OrganizationNotificationSettings> {
  return toSettings(organizationId, await store.orgSettingsOf(db, organizationId));
}

export async function readOrganizationSettings(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
): Promise<OrganizationNotificationSettings> {
  await authorizeTemplates(context, organizationId, 'OrganizationNotificationSettings', 'read', null);
  return notificationSettingsOf(deps.database, organizationId);
}

export async function saveOrganizationSettings(
  deps: Deps,
  context: RequestContext,
  input: OrganizationNotificationSettings,
): Promise<OrganizationNotificationSettings> {
  await authorizeTemplates(
    context,
    input.OrganizationId,
    'OrganizationNotificationSettings',
    'update',
    NOTIFICATION_SETTINGS_EDIT_WORKFLOW,
  );
  const saved = await deps.database.transaction(async (tx) => {
    const row = await store.upsertOrgSettings(
      tx,
      {
        organization_id: input.OrganizationId,
        send_appointment_details: input.SendAppointmentDetailsInPatientCommunication,
        hide_reason: input.HideReasonInNotifications,
        email_enabled: input.EmailEnabled,
        sms_enabled: input.SmsEnabled,
      },
      deps.clock.now(),
    );
    await recordPracticeOutcome(onConnection(context, tx), 'update', {
      entityType: 'OrganizationNotificationSettings',
      id: input.OrganizationId,
      organizationId: input.OrganizationId,
      workflow: NOTIFICATION_SETTINGS_EDIT_WORKFLOW,
      detail: { fields: Object.keys(input).filter((k) => k !== 'OrganizationId') },
    });
    return row;
  });
  return toSettings(input.OrganizationId, saved);
}

// ---- templates ----

interface Effective {
  key: WorkflowKey;
  language: Language;
  subject: string;
  body: string;
  custom: boolean;
  updatedAt: string | null;
}

function effective(
  channel: Channel,
  key: WorkflowKey,
  language: Language,
  saved: store.TemplateRow | undefined,
): Effective {
  const builtIn = builtInTemplate(key, language);
  if (saved)
    return {
      key,
      language,
      subject: saved.subject ?? builtIn.subject,
      body: saved.body,
      custom: true,
      updatedAt: isoOf(saved.updated_at),
    };
  return {
    key,
    language,
    subject: builtIn.subject,
    body: channel === 'email' ? builtIn.body : builtIn.sms,
    custom: false,
    updatedAt: null,
  };
}

const toEmail = (t: Effective): EmailTemplate => ({
  WorkflowKey: t.key,
  Language: t.language,
  Subject: t.subject,
  Body: t.body,
  IsCustom: t.custom,
  UpdatedAt: t.updatedAt,
});
const toSms = (t: Effective): SmsTemplate => ({
  WorkflowKey: t.key,
  Language: t.language,
  Body: t.body,
  IsCustom: t.custom,
  UpdatedAt: t.updatedAt,
});

/** The product's built-in templates, every key and language (GET emails, GET sms). */
export function builtInTemplates(channel: Channel): (EmailTemplate | SmsTemplate)[] {
  return WORKFLOW_KEYS.flatMap((key) =>
    LANGUAGES.map((language) => effective(channel, key, language, undefined)),
  ).map(channel === 'email' ? toEmail : toSms);
}

async function effectiveOf(
  db: Pick<Connection, 'query'>,
  organizationId: string,
  channel: Channel,
  key?: WorkflowKey,
): Promise<Effective[]> {
  const saved = await store.templatesOf(db, organizationId, channel, key);
  const find = (k: string, l: string) => saved.find((r) => r.workflow_key === k && r.language === l);
  return (key ? [key] : [...WORKFLOW_KEYS]).flatMap((k) =>
    LANGUAGES.map((l) => effective(channel, k, l, find(k, l))),
  );
}

/** A practice's templates, its own or the built-in text, every key and language (GET emails/practices/{id}, sms/practices/{id}). */
export async function practiceTemplates(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
  channel: Channel,
): Promise<(EmailTemplate | SmsTemplate)[]> {
  await authorizeTemplates(context, organizationId, 'MessageTemplate', 'read', null);
  return (await effectiveOf(deps.database, organizationId, channel)).map(
    channel === 'email' ? toEmail : toSms,
  );
}

export function optionsOf(
  settings: OrganizationNotificationSettings,
  query: {
    sendAppointmentDetailsInPatientCommunication?: boolean | undefined;
    hideReasonInNotifications?: boolean | undefined;
  },
): RenderOptions {
  return {
    sendAppointmentDetails:
      query.sendAppointmentDetailsInPatientCommunication ??
      settings.SendAppointmentDetailsInPatientCommunication,
    hideReason: query.hideReasonInNotifications ?? settings.HideReasonInNotifications,
  };
}

function render(
  channel: Channel,
  subject: string | null,
  body: string,
  values: MessageValues,
  options: RenderOptions,
): RenderedMessage {
  const text = renderTemplate(body, values, options);
  return {
    Subject: channel === 'email' && subject !== null ? renderTemplate(subject, values, options) : null,
    Body: text,
    Html: channel === 'email' ? renderTemplate(body, values, options, 'html') : null,
    Length: text.length,
  };
}

/**
 * One key's templates in every language with a preview from sample data, under the options the query gives
 * (else the organization's settings): practice-emails/organizations/{org}/workflow-key/{key}, practice-sms/...
 */
export async function templatesOfKey(
  deps: Deps,
  context: RequestContext,
  input: {
    organizationId: string;
    key: WorkflowKey;
    channel: Channel;
    query: {
      sendAppointmentDetailsInPatientCommunication?: boolean | undefined;
      hideReasonInNotifications?: boolean | undefined;
      language?: Language | undefined;
    };
  },
) {
  await authorizeTemplates(context, input.organizationId, 'MessageTemplate', 'read', null);
  const settings = await notificationSettingsOf(deps.database, input.organizationId);
  const options = optionsOf(settings, input.query);
  const practiceName =
    (await getOrganization(deps.database, input.organizationId))?.Name ?? SAMPLE_MESSAGE_VALUES.practiceName;
  const values = { ...SAMPLE_MESSAGE_VALUES, practiceName };
  const all = await effectiveOf(deps.database, input.organizationId, input.channel, input.key);
  const wanted = input.query.language ? all.filter((t) => t.language === input.query.language) : all;
  return {
    WorkflowKey: input.key,
    Templates: wanted.map((t) => ({
      ...(input.channel === 'email' ? toEmail(t) : toSms(t)),
      Preview: render(input.channel, input.channel === 'email' ? t.subject : null, t.body, values, options),
    })),
  };
}

/** Saves (or, with UseDefault, forgets) a practice's template after checking its placeholders and lengths. */
export async function saveTemplate(
  deps: Deps,
  context: RequestContext,
  channel: Channel,
  input: EmailTemplateUpsert | SmsTemplateUpsert,
): Promise<EmailTemplate | SmsTemplate> {
  await authorizeTemplates(
    context,
    input.OrganizationId,
    'MessageTemplate',
    'update',
    TEMPLATE_EDIT_WORKFLOW,
  );
  const subject = 'Subject' in input ? input.Subject : null;
  const issues = [
    ...(subject !== null ? validateTemplateText('body.Subject', subject, channel, 'subject') : []),
    ...validateTemplateText('body.Body', input.Body, channel, 'body'),
  ];
  if (issues.length && !input.UseDefault) throw badRequest(issues, issues[0]!.message);
  const key = {
    organizationId: input.OrganizationId,
    channel,
    workflowKey: input.WorkflowKey,
    language: input.Language,
  };
  const row = await deps.database.transaction(async (tx) => {
    let saved: store.TemplateRow | undefined;
    if (input.UseDefault) await store.deleteTemplate(tx, key);
    else
      saved = await store.upsertTemplate(tx, {
        ...key,
        subject,
        body: input.Body,
        updatedBy: context.userId ?? context.subject,
        now: deps.clock.now(),
      });
    await recordPracticeOutcome(onConnection(context, tx), 'update', {
      entityType: channel === 'email' ? 'EmailTemplate' : 'SmsTemplate',
      id: input.OrganizationId,
      organizationId: input.OrganizationId,
      workflow: TEMPLATE_EDIT_WORKFLOW,
      detail: {
        workflowKey: input.WorkflowKey,
        language: input.Language,
        useDefault: input.UseDefault === true,
      },
    });
    return saved;
  });
  const result = effective(channel, input.WorkflowKey, input.Language, row);
  return channel === 'email' ? toEmail(result) : toSms(result);
}

// ---- rendering for the modules that send ----

export interface PracticeMessage {
  email: { subject: string; body: string; html: string } | null;
  sms: { body: string } | null;
  options: RenderOptions;
}

/**
 * Renders a workflow key's message for a patient (issue 18 item 3): the practice's template in the language,
 * else the built-in text; the organization's options (details, reason) applied; the e-mail also as escaped HTML.
 * A channel the organization switched off is null. Values are formatted by the caller (dates in the patient's
 * language and the office's zone). Any module may call it: the reminders job passes key 'reminder'.
 */
export async function renderPracticeMessage(
  deps: Pick<AppDeps, 'database'>,
  input: {
    organizationId: string | null;
    workflowKey: WorkflowKey;
    language: Language;
    values: MessageValues;
  },
): Promise<PracticeMessage> {
  const settings = input.organizationId
    ? await notificationSettingsOf(deps.database, input.organizationId)
    : toSettings('00000000-0000-0000-0000-000000000000', null);
  const options = optionsOf(settings, {});
  const [email, sms] = await Promise.all(
    (['email', 'sms'] as const).map(async (channel) => {
      const saved = input.organizationId
        ? await store.templateOf(deps.database, {
            organizationId: input.organizationId,
            channel,
            workflowKey: input.workflowKey,
            language: input.language,
          })
        : null;
      return effective(channel, input.workflowKey, input.language, saved ?? undefined);
    }),
  );
  return {
    email: settings.EmailEnabled
      ? {
          subject: renderTemplate(email!.subject, input.values, options),
          body: renderTemplate(email!.body, input.values, options),
          html: renderTemplate(email!.body, input.values, options, 'html'),
        }
      : null,
    sms: settings.SmsEnabled ? { body: renderTemplate(sms!.body, input.values, options) } : null,
    options,
  };
}
