import { randomUUID } from 'node:crypto';
import { REMINDER_MESSAGES, type ReminderSettings, type ReminderSettingsInput } from '@careslot/contracts';
import { reminderSettingsIssues } from '@careslot/domain';
import {
  authorizePractice,
  recordPracticeOutcome,
  refusePractice,
  ROLE_SETS,
  type AccessAction,
  type PracticeObject,
} from '../../platform/access';
import { onConnection, type RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict } from '../../platform/errors';
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

const settingsObject = (
  practiceId: string,
  id: string | null,
  workflow: string,
  detail: Record<string, unknown> = {},
): PracticeObject => ({
  entityType: ENTITY_TYPE,
  id,
  organizationId: practiceId,
  workflow,
  detail: { practiceId, ...detail },
});

/**
 * A practice's reminder settings are its admins' (decision 0080): another practice's answer 404, audited as
 * denied (no existence oracle), like every practice-owned object. The use case writes its own row.
 */
const authorizeSettings = (
  context: RequestContext,
  practiceId: string,
  action: AccessAction,
  workflow: string,
) =>
  authorizePractice(context, action, settingsObject(practiceId, null, workflow), {
    roles: ROLE_SETS.ADMINS,
    superUser: false,
    audit: 'refusals',
  });

/** GET ReminderSettings/practices/{id}: the practice's settings, or the defaults (Id null) before it saved any. */
export async function getReminderSettings(
  deps: Deps,
  context: RequestContext,
  practiceId: string,
): Promise<ReminderSettings> {
  await authorizeSettings(context, practiceId, 'read', REMINDER_WORKFLOWS.view);
  const row = await store.settingsOf(deps.database, practiceId);
  await recordPracticeOutcome(
    context,
    'read',
    settingsObject(practiceId, row?.id ?? null, REMINDER_WORKFLOWS.view),
  );
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
  await authorizeSettings(context, input.PracticeId, action, workflow);
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
  const fields = { fields: ['Enabled', 'HoursBefore', 'Channels'] };
  const saved = await deps.database.transaction(async (tx) => {
    const row = input.Id
      ? await store.updateSettings(tx, input.Id, input.PracticeId, values)
      : await store.insertSettings(tx, randomUUID(), input.PracticeId, values);
    if (!row) return null;
    await recordPracticeOutcome(
      onConnection(context, tx),
      action,
      settingsObject(input.PracticeId, row.id, workflow, fields),
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
  return refusePractice(context, action, settingsObject(input.PracticeId, input.Id, workflow), 'not_found');
}
