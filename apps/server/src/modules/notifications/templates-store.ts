import type { Connection } from '../../platform/db';

/** SQL of the practices' message templates and notification settings (tables of decision 0061). */

export interface TemplateRow {
  organization_id: string;
  channel: 'email' | 'sms';
  workflow_key: string;
  language: string;
  subject: string | null;
  body: string;
  updated_at: Date | string;
}

export async function templatesOf(
  db: Pick<Connection, 'query'>,
  organizationId: string,
  channel: 'email' | 'sms',
  workflowKey?: string,
): Promise<TemplateRow[]> {
  return db.query<TemplateRow>(
    `select organization_id, channel, workflow_key, language, subject, body, updated_at from practice_message_templates
      where organization_id = $1 and channel = $2 and ($3::text is null or workflow_key = $3)`,
    [organizationId, channel, workflowKey ?? null],
  );
}

export async function templateOf(
  db: Pick<Connection, 'query'>,
  key: { organizationId: string; channel: 'email' | 'sms'; workflowKey: string; language: string },
): Promise<TemplateRow | null> {
  const [row] = await db.query<TemplateRow>(
    `select organization_id, channel, workflow_key, language, subject, body, updated_at from practice_message_templates
      where organization_id = $1 and channel = $2 and workflow_key = $3 and language = $4`,
    [key.organizationId, key.channel, key.workflowKey, key.language],
  );
  return row ?? null;
}

export async function upsertTemplate(
  db: Pick<Connection, 'query'>,
  row: {
    organizationId: string;
    channel: 'email' | 'sms';
    workflowKey: string;
    language: string;
    subject: string | null;
    body: string;
    updatedBy: string | null;
    now: Date;
  },
): Promise<TemplateRow> {
  const [saved] = await db.query<TemplateRow>(
    `insert into practice_message_templates (organization_id, channel, workflow_key, language, subject, body, updated_at, updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (organization_id, channel, workflow_key, language)
       do update set subject = excluded.subject, body = excluded.body, updated_at = excluded.updated_at, updated_by = excluded.updated_by
     returning organization_id, channel, workflow_key, language, subject, body, updated_at`,
    [
      row.organizationId,
      row.channel,
      row.workflowKey,
      row.language,
      row.subject,
      row.body,
      row.now.toISOString(),
      row.updatedBy,
    ],
  );
  return saved!;
}

export async function deleteTemplate(
  db: Pick<Connection, 'query'>,
  key: { organizationId: string; channel: 'email' | 'sms'; workflowKey: string; language: string },
): Promise<void> {
  await db.query(
    'delete from practice_message_templates where organization_id = $1 and channel = $2 and workflow_key = $3 and language = $4',
    [key.organizationId, key.channel, key.workflowKey, key.language],
  );
}

export interface OrgSettingsRow {
  organization_id: string;
  send_appointment_details: boolean;
  hide_reason: boolean;
  email_enabled: boolean;
  sms_enabled: boolean;
}

export async function orgSettingsOf(
  db: Pick<Connection, 'query'>,
  organizationId: string,
): Promise<OrgSettingsRow | null> {
  const [row] = await db.query<OrgSettingsRow>(
    'select organization_id, send_appointment_details, hide_reason, email_enabled, sms_enabled from organization_notification_settings where organization_id = $1',
    [organizationId],
  );
  return row ?? null;
}

export async function upsertOrgSettings(
  db: Pick<Connection, 'query'>,
  row: OrgSettingsRow,
  now: Date,
): Promise<OrgSettingsRow> {
  const [saved] = await db.query<OrgSettingsRow>(
    `insert into organization_notification_settings (organization_id, send_appointment_details, hide_reason, email_enabled, sms_enabled, updated_at)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (organization_id) do update set send_appointment_details = excluded.send_appointment_details, hide_reason = excluded.hide_reason,
       email_enabled = excluded.email_enabled, sms_enabled = excluded.sms_enabled, updated_at = excluded.updated_at
     returning organization_id, send_appointment_details, hide_reason, email_enabled, sms_enabled`,
    [
      row.organization_id,
      row.send_appointment_details,
      row.hide_reason,
      row.email_enabled,
      row.sms_enabled,
      now.toISOString(),
    ],
  );
  return saved!;
}
