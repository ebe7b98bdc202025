import { randomUUID } from 'node:crypto';
import { REMINDER_MESSAGES, type ReminderSettings, type ReminderSettingsInput } from '@careslot/contracts';
import { reminderSettingsIssues } from '@careslot/domain';
import { recordAudit, type AuditEvent } from '../../platform/audit';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { RESYNC_JOB } from './reminders';
import * as store from './store';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'jobs'>;

/** The audit workflows of the reminder settings page (constants.md's shape: {Thing}_{Verb}_Web). */
export const REMINDER_WORKFLOWS = {
  view: 'Reminder_Settings_View_Web',
  edit: 'Reminder_Settings_Edit_Web',
} as const;
const ENTITY_TYPE = 'ReminderSettings';

/** What a practice that never saved its settings sees: reminders off, 24 hours before, by e-mail and SMS. */
export const DEFAULT_REMINDER_SETTINGS = {
  Enabled: false,
  HoursBefore: [24],
  Channels: ['Email', 'Sms'],
} as const;

function toSettings(row: store.SettingsRow): ReminderSettings {
  return {
    Id: row.id,
    PracticeId: row.organization_id,
    Enabled: row.enabled,
    HoursBefore: [...row.hours_before],
    Channels: [...(row.email ? (['Email'] as const) : []), ...(row.sms ? (['Sms'] as const) : [])],
    ModifiedOn: new Date(row.updated_at).toISOString(),
  };
}

async function audit(context: RequestContext, event: AuditEvent) {
  await recordAudit(
    context.access.database,
    {
      actorId: context.userId ?? context.subject,
      actorType: context.actorType,
      ip: context.ip,
      userAgent: context.userAgent,
      organizationId: context.organizationId,
      purpose: context.purpose,
    },
    event,
  );
}

/**
 * A practice admin acts on their own practice's settings only: another practice's answers 404 (audited as
 * denied, no existence oracle), like every practice-owned object.
 */
async function ownPractice(
  context: RequestContext,
  practiceId: string,
  action: 'read' | 'create' | 'update',
  workflow: string,
): Promise<void> {
  if (context.organizationId === practiceId) return;
  await audit(context, {
    action,
    entityType: ENTITY_TYPE,
    entityId: null,
    outcome: 'denied',
    workflow,
    detail: { practiceId, reason: 'other_practice' },
  });
  throw notFound();
}

/** GET ReminderSettings/practices/{id}: the practice's settings, or the defaults (Id null) before it saved any. */
export async function getReminderSettings(
  deps: Deps,
  context: RequestContext,
  practiceId: string,
): Promise<ReminderSettings> {
  await ownPractice(context, practiceId, 'read', REMINDER_WORKFLOWS.view);
  const row = await store.settingsOf(deps.database, practiceId);
  await audit(context, {
    action: 'read',
    entityType: ENTITY_TYPE,
    entityId: row?.id ?? null,
    outcome: 'success',
    workflow: REMINDER_WORKFLOWS.view,
    detail: { practiceId },
  });
  return row
    ? toSettings(row)
    : {
        Id: null,
        PracticeId: practiceId,
        Enabled: DEFAULT_REMINDER_SETTINGS.Enabled,
        HoursBefore: [...DEFAULT_REMINDER_SETTINGS.HoursBefore],
        Channels: [...DEFAULT_REMINDER_SETTINGS.Channels],
        ModifiedOn: null,
      };
}

/**
 * PUT/POST ReminderSettings: Id present updates those settings (another practice's Id answers 404), absent
 * adds the practice's settings (409 when it has some). Upcoming visits are then brought in line by a job
 * (reminders.resync); a reminder already due reads the settings again and sends only what they still ask for.
 */
export async function saveReminderSettings(
  deps: Deps,
  context: RequestContext,
  input: ReminderSettingsInput,
): Promise<ReminderSettings> {
  const workflow = REMINDER_WORKFLOWS.edit;
  const action = input.Id ? 'update' : 'create';
  await ownPractice(context, input.PracticeId, action, workflow);
  const issues = reminderSettingsIssues(input);
  if (issues.length) throw badRequest(issues);
  const values: store.SettingsValues = {
    enabled: input.Enabled,
    hoursBefore: [...new Set(input.HoursBefore)].sort((a, b) => b - a),
    email: input.Channels.includes('Email'),
    sms: input.Channels.includes('Sms'),
    updatedBy: context.userId ?? context.subject,
    now: deps.clock.now(),
  };
  const detail = { practiceId: input.PracticeId, fields: ['Enabled', 'HoursBefore', 'Channels'] };
  const saved = await deps.database.transaction(async (tx) => {
    const row = input.Id
      ? await store.updateSettings(tx, input.Id, input.PracticeId, values)
      : await store.insertSettings(tx, randomUUID(), input.PracticeId, values);
    if (!row) return null;
    await audit(
      { ...context, access: { ...context.access, database: tx } },
      { action, entityType: ENTITY_TYPE, entityId: row.id, outcome: 'success', workflow, detail },
    );
    // Upcoming visits follow the new settings, committed with them (a job: the practice's visits may be many);
    // each save a new payload, so the job runs again even if one ran at the same instant.
    await deps.jobs.schedule(
      {
        kind: RESYNC_JOB,
        key: `reminder-resync:${input.PracticeId}`,
        runAt: values.now,
        payload: { organizationId: input.PracticeId, save: randomUUID() },
      },
      tx,
    );
    return row;
  });
  if (saved) return toSettings(saved);
  if (!input.Id) throw conflict(REMINDER_MESSAGES.exists);
  // Unknown, or another practice's settings: the same 404.
  await audit(context, {
    action,
    entityType: ENTITY_TYPE,
    entityId: input.Id,
    outcome: 'not_found',
    workflow,
    detail: { practiceId: input.PracticeId },
  });
  throw notFound();
}
