import { LANGUAGES, DEFAULT_LANGUAGE, type FeeOutcome, type Language } from '@careslot/contracts';
import type { AppDeps } from '../../platform/deps';
import type { OutgoingMessage } from '../../platform/outbox';
import { actionLink, portalLink } from './appointment-links';
import { fill, MESSAGE_TEXTS, type MessageTexts } from './appointment-message-texts';

/** What a patient's appointment message says: read by the caller (the appointment-change subscriber) beforehand. */
export interface MessageAppointment {
  id: string;
  /** booked (scheduled at once), requested (pending the practice's answer) or cancelled. */
  kind: 'booked' | 'requested' | 'cancelled';
  telehealth: boolean;
  startTime: string;
  endTime: string;
  /** The office's IANA zone: every time is written in it, with its abbreviation. */
  timeZone: string;
  withWhom: string;
  /** The office's name and address, for an in-person visit. */
  place: string | null;
  patient: { firstName: string; email: string | null; mobile: string | null; languages: readonly string[] };
  /** The visit as an iCalendar file (RFC 5545), attached to the e-mail. */
  calendarFile: string | null;
  /** For a cancelled, paid visit: what became of the fee. */
  fee: { outcome: FeeOutcome; amountCents: number } | null;
}

export const APPOINTMENT_TEMPLATES = {
  booked: 'appointment-confirmation',
  requested: 'appointment-pending',
  cancelled: 'appointment-cancelled',
} as const;

/** The patient's language: the first of their languages the product speaks, else the product's default. */
export function languageOf(languages: readonly string[]): Language {
  const spoken = languages.map((l) => l.trim()).find((l): l is Language => (LANGUAGES as readonly string[]).includes(l));
  return spoken ?? DEFAULT_LANGUAGE;
}

/** The visit's date and time in the office's zone, in the patient's language, with the zone's abbreviation. */
export function visitTime(iso: string, timeZone: string, texts: MessageTexts): { date: string; time: string } {
  const at = new Date(iso);
  const date = new Intl.DateTimeFormat(texts.intlLocale, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone }).format(at);
  const time = new Intl.DateTimeFormat(texts.intlLocale, { hour: 'numeric', minute: '2-digit', timeZone }).format(at);
  const zone = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  return { date, time: `${time} ${zone}` };
}

const money = (cents: number, locale: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);

export interface MessageLinks {
  manage: string;
  confirm: string | null;
  cancel: string | null;
  search: string;
}

/** The e-mail (with the .ics) and the SMS of an appointment change, in the patient's language. */
export function composeAppointmentMessages(view: MessageAppointment, links: MessageLinks): OutgoingMessage[] {
  const texts = MESSAGE_TEXTS[languageOf(view.patient.languages)];
  const words = view.kind === 'booked' ? texts.confirmed : view.kind === 'requested' ? texts.pending : texts.cancelled;
  const { date, time } = visitTime(view.startTime, view.timeZone, texts);
  const values = { first: view.patient.firstName, withWhom: view.withWhom, date, time, manage: links.manage };
  const fee =
    view.kind === 'cancelled' && view.fee && view.fee.outcome !== 'none'
      ? fill(view.fee.outcome === 'refunded' ? texts.feeRefunded : texts.feeKept, { amount: money(view.fee.amountCents, texts.intlLocale) })
      : null;
  const template = APPOINTMENT_TEMPLATES[view.kind];
  const messages: OutgoingMessage[] = [];

  if (view.patient.email) {
    const where = view.telehealth ? texts.whereVideo : view.place ? fill(texts.whereOffice, { place: view.place }) : null;
    const lines =
      view.kind === 'cancelled'
        ? [fill(words.line, values), ...(fee ? [fee] : []), '', fill(texts.bookAgain, { url: links.search })]
        : [
            fill(words.line, values),
            ...(where ? [where] : []),
            '',
            fill(texts.manage, { url: links.manage }),
            ...(links.confirm ? [fill(texts.confirmLink, { url: links.confirm })] : []),
            ...(links.cancel ? [fill(texts.cancelLink, { url: links.cancel })] : []),
            ...(view.calendarFile ? ['', texts.attached] : []),
          ];
    const body = [fill(texts.hello, values), '', ...lines, '', texts.emergency].join('\n');
    messages.push({
      channel: 'email',
      to: view.patient.email,
      subject: `${words.subject} - CareSlot`,
      body,
      template,
      ...(view.calendarFile && view.kind !== 'cancelled'
        ? { attachments: [{ filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: view.calendarFile }] }
        : {}),
    });
  }
  if (view.patient.mobile) {
    messages.push({ channel: 'sms', to: view.patient.mobile, body: [fill(words.sms, values), ...(fee ? [fee] : [])].join(' '), template });
  }
  return messages;
}

/** The key of one message of one domain event (no personal data): a redelivered event sends it once. */
export const appointmentMessageKey = (eventId: string, message: Pick<OutgoingMessage, 'channel' | 'template'>) =>
  `appointment-change:${eventId}:${message.channel}:${message.template}`;

/**
 * Sends a patient the message of an appointment change by e-mail and SMS through the outbox (issue 17 item 9):
 * called by the appointment-change consumer with the domain event's id, which keys each message so a redelivered
 * event (at-least-once delivery) sends each message once.
 */
export async function sendAppointmentMessages(deps: Pick<AppDeps, 'outbox' | 'tokens' | 'config'>, view: MessageAppointment, eventId: string): Promise<void> {
  const origin = deps.config.publicUrl.replace(/\/+$/, '');
  const start = new Date(view.startTime);
  const live = view.kind !== 'cancelled';
  const links: MessageLinks = {
    manage: portalLink(origin, view.id, view.telehealth),
    confirm: view.kind === 'booked' ? actionLink(deps.tokens, origin, view.id, 'confirm', start) : null,
    cancel: live ? actionLink(deps.tokens, origin, view.id, 'cancel', start) : null,
    search: `${origin}/provider-search`,
  };
  for (const message of composeAppointmentMessages(view, links)) await deps.outbox.send({ ...message, dedupeKey: appointmentMessageKey(eventId, message) });
}
