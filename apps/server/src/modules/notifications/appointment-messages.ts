import {
  LANGUAGES,
  DEFAULT_LANGUAGE,
  type FeeOutcome,
  type Language,
  type MessageValues,
  type WorkflowKey,
} from '@careslot/contracts';
import { DEFAULT_RENDER_OPTIONS, escapeHtml, renderTemplate } from '@careslot/domain';
import type { AppDeps } from '../../platform/deps';
import type { OutgoingMessage } from '../../platform/outbox';
import { actionLink, portalLink } from './appointment-links';
import { fill, MESSAGE_TEXTS, type MessageTexts } from './appointment-message-texts';
import { builtInTemplate, videoPlaceOf, walkInTimeOf } from './template-defaults';
import { renderPracticeMessage, type PracticeMessage } from './templates';

/** The workflow keys (decision 0061) of the messages that follow an appointment change. */
export type AppointmentMessageKey = Extract<
  WorkflowKey,
  'confirmation' | 'pending' | 'accepted' | 'declined' | 'cancelled' | 'moved'
>;

/** What a patient's appointment message says: read by the caller (the appointment-change subscriber) beforehand. */
export interface MessageAppointment {
  id: string;
  /** The workflow key: which of the practice's templates is sent. */
  kind: AppointmentMessageKey;
  telehealth: boolean;
  /** A walk-in: announced on its day, without a time (issue 30 item 7). */
  walkIn?: boolean;
  startTime: string;
  endTime: string;
  /** The office's IANA zone: every time is written in it, with its abbreviation. */
  timeZone: string;
  withWhom: string;
  /** The office's name and address, for an in-person visit. */
  place: string | null;
  /** The practice whose templates and options apply (null: the built-in texts). */
  organizationId?: string | null;
  practiceName?: string | null;
  /** The visit's reason as the patient gave it (left out when the practice hides reasons). */
  reason?: string | null;
  /** The status after the change: a confirm link is offered only while the visit is Scheduled (or Booked). */
  status?: string;
  /** Why the practice declined the request (kind `declined`). */
  declineReason?: string | null;
  patient: {
    firstName: string;
    email: string | null;
    mobile: string | null;
    languages: readonly string[];
    preferredLanguage?: string | null;
  };
  /** The visit as an iCalendar file (RFC 5545), attached to the e-mail. */
  calendarFile: string | null;
  /** For a cancelled, paid visit: what became of the fee. */
  fee: { outcome: FeeOutcome; amountCents: number } | null;
}

/** The outbox's template name of each key (the names of issue 17 kept for the first three). */
export const APPOINTMENT_TEMPLATES: Record<AppointmentMessageKey, string> = {
  confirmation: 'appointment-confirmation',
  pending: 'appointment-pending',
  accepted: 'appointment-accepted',
  declined: 'appointment-declined',
  cancelled: 'appointment-cancelled',
  moved: 'appointment-moved',
};

/** The patient's language: the one they chose for messages, else the first of their languages the product speaks, else the default. */
export function languageOf(languages: readonly string[], preferred?: string | null): Language {
  const spoken = [preferred ?? '', ...languages]
    .map((l) => l.trim())
    .find((l): l is Language => (LANGUAGES as readonly string[]).includes(l));
  return spoken ?? DEFAULT_LANGUAGE;
}

/** The visit's date and time in the office's zone, in the patient's language, with the zone's abbreviation. */
export function visitTime(
  iso: string,
  timeZone: string,
  texts: MessageTexts,
): { date: string; time: string } {
  const at = new Date(iso);
  const date = new Intl.DateTimeFormat(texts.intlLocale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(at);
  const time = new Intl.DateTimeFormat(texts.intlLocale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(at);
  const zone =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  return { date, time: `${time} ${zone}` };
}

const money = (cents: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);

export interface MessageLinks {
  manage: string;
  confirm: string | null;
  cancel: string | null;
  search: string;
}

/** The placeholders' values of an appointment message, formatted in the patient's language. */
export function messageValues(view: MessageAppointment, links: MessageLinks): MessageValues {
  const language = languageOf(view.patient.languages, view.patient.preferredLanguage);
  const { date, time } = visitTime(view.startTime, view.timeZone, MESSAGE_TEXTS[language]);
  const over = view.kind === 'declined' || view.kind === 'cancelled';
  return {
    patientFirstName: view.patient.firstName,
    providerName: view.withWhom,
    practiceName: view.practiceName ?? null,
    appointmentDate: date,
    appointmentTime: view.walkIn ? walkInTimeOf(language) : time,
    locationAddress: view.telehealth ? videoPlaceOf(language) : view.place,
    reason: view.reason ?? null,
    declineReason: view.declineReason ?? null,
    link: over ? links.search : links.manage,
  };
}

/** The built-in texts rendered without a practice (the default options): what a practice with no template sends. */
export function builtInMessage(view: MessageAppointment, links: MessageLinks): PracticeMessage {
  const language = languageOf(view.patient.languages, view.patient.preferredLanguage);
  const template = builtInTemplate(view.kind, language);
  const values = messageValues(view, links);
  return {
    email: {
      subject: renderTemplate(template.subject, values),
      body: renderTemplate(template.body, values),
      html: renderTemplate(template.body, values, undefined, 'html'),
    },
    sms: { body: renderTemplate(template.sms, values) },
    options: DEFAULT_RENDER_OPTIONS,
  };
}

/**
 * The e-mail (with the .ics) and the SMS of an appointment change, in the patient's language: the practice's
 * rendered template (else the built-in text), then what the product always adds (the fee, the links, the
 * calendar file, the emergency line).
 */
export function composeAppointmentMessages(
  view: MessageAppointment,
  links: MessageLinks,
  rendered: PracticeMessage = builtInMessage(view, links),
): OutgoingMessage[] {
  const texts = MESSAGE_TEXTS[languageOf(view.patient.languages, view.patient.preferredLanguage)];
  const fee =
    view.kind === 'cancelled' && view.fee && view.fee.outcome !== 'none'
      ? fill(view.fee.outcome === 'refunded' ? texts.feeRefunded : texts.feeKept, {
          amount: money(view.fee.amountCents, texts.intlLocale),
        })
      : null;
  const template = APPOINTMENT_TEMPLATES[view.kind];
  const over = view.kind === 'cancelled' || view.kind === 'declined';
  const tag = { organizationId: view.organizationId ?? null, workflowKey: view.kind };
  const messages: OutgoingMessage[] = [];

  if (view.patient.email && rendered.email) {
    const lines = over
      ? [...(fee ? [fee, ''] : []), fill(texts.bookAgain, { url: links.search })]
      : [
          fill(texts.manage, { url: links.manage }),
          ...(links.confirm ? [fill(texts.confirmLink, { url: links.confirm })] : []),
          ...(links.cancel ? [fill(texts.cancelLink, { url: links.cancel })] : []),
          ...(view.calendarFile ? ['', texts.attached] : []),
        ];
    const tail = [...lines, '', texts.emergency];
    const body = [rendered.email.body, '', ...tail].join('\n');
    const html = `<!doctype html><html lang="${escapeHtml(texts.intlLocale)}"><body><p>${rendered.email.html}</p><p>${tail.map(escapeHtml).join('<br>\n')}</p></body></html>`;
    messages.push({
      channel: 'email',
      to: view.patient.email,
      subject: `${rendered.email.subject} - CareSlot`,
      body,
      html,
      template,
      ...tag,
      ...(view.calendarFile && !over
        ? {
            attachments: [
              {
                filename: 'appointment.ics',
                contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
                content: view.calendarFile,
              },
            ],
          }
        : {}),
    });
  }
  if (view.patient.mobile && rendered.sms) {
    messages.push({
      channel: 'sms',
      to: view.patient.mobile,
      body: [rendered.sms.body, ...(fee ? [fee] : [])].join(' '),
      template,
      ...tag,
    });
  }
  return messages;
}

/** The key of one message of one domain event (no personal data): a redelivered event sends it once. */
export const appointmentMessageKey = (
  eventId: string,
  message: Pick<OutgoingMessage, 'channel' | 'template'>,
) => `appointment-change:${eventId}:${message.channel}:${message.template}`;

/**
 * Sends a patient the message of an appointment change by e-mail and SMS through the outbox (issue 17 item 9):
 * called by the appointment-change consumer with the domain event's id, which keys each message so a redelivered
 * event (at-least-once delivery) sends each message once.
 */
export async function sendAppointmentMessages(
  deps: Pick<AppDeps, 'outbox' | 'tokens' | 'config' | 'database'>,
  view: MessageAppointment,
  eventId: string,
): Promise<void> {
  const origin = deps.config.publicUrl.replace(/\/+$/, '');
  const start = new Date(view.startTime);
  const live = view.kind !== 'cancelled' && view.kind !== 'declined';
  const links: MessageLinks = {
    manage: portalLink(origin, view.id, view.telehealth),
    confirm:
      (view.kind === 'confirmation' || view.kind === 'accepted' || view.kind === 'moved') &&
      (!view.status || view.status === 'Scheduled' || view.status === 'Booked')
        ? actionLink(deps.tokens, origin, view.id, 'confirm', start)
        : null,
    cancel: live ? actionLink(deps.tokens, origin, view.id, 'cancel', start) : null,
    search: `${origin}/provider-search`,
  };
  const rendered = await renderPracticeMessage(deps, {
    organizationId: view.organizationId ?? null,
    workflowKey: view.kind,
    language: languageOf(view.patient.languages, view.patient.preferredLanguage),
    values: messageValues(view, links),
  });
  for (const message of composeAppointmentMessages(view, links, rendered))
    await deps.outbox.send({ ...message, dedupeKey: appointmentMessageKey(eventId, message) });
}
