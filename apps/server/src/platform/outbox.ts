import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Database } from './db';

export type Channel = 'email' | 'sms';

export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject?: string;
  body: string;
  /** What kind of message it is, e.g. 'password-reset', 'otp', 'demo-request'. */
  template: string;
  /** Files sent with an e-mail (an SMS carries none), e.g. the appointment's calendar file. */
  attachments?: Attachment[];
  /**
   * Makes sending idempotent: a message whose key was already stored is neither stored nor sent again (a
   * redelivered domain event, e.g. `<event id>:<channel>:<template>`). Holds no personal data.
   */
  dedupeKey?: string;
  /** The practice the message is sent for (the SMS logs report lists a practice's own). */
  organizationId?: string | null;
  /** The practice template's workflow key (decision 0061), e.g. 'confirmation'. */
  workflowKey?: string | null;
  /** An e-mail's HTML alternative (values escaped), sent with the text body. */
  html?: string | null;
}

export interface Attachment {
  filename: string;
  contentType: string;
  /** The file's text (UTF-8), e.g. an iCalendar file. */
  content: string;
}

export interface StoredMessage extends OutgoingMessage {
  id: string;
  status: 'stored' | 'pending' | 'sent' | 'failed';
  createdAt: string;
}

/** Delivers one message through an outside service (SMTP, Twilio). */
export interface MessageTransport {
  readonly channel: Channel;
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}

export function smtpTransport(url: string, from: string): MessageTransport {
  // nodemailer is loaded at the first message, so a server without SMTP never loads it.
  let transporter: Promise<Transporter> | null = null;
  return {
    channel: 'email',
    name: 'smtp',
    async send(message) {
      transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
      await (
        await transporter
      ).sendMail({
        from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.body,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content,
              })),
            }
          : {}),
      });
    },
  };
}

/** Twilio's Messages API, called directly so no extra SDK is needed. */
export function twilioTransport(accountSid: string, authToken: string, from: string): MessageTransport {
  return {
    channel: 'sms',
    name: 'twilio',
    async send(message) {
      const response = await fetch(`https://api.twilio.com/2010-04-01/Accounts/${accountSid}/Messages.json`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: message.to, From: from, Body: message.body }),
      });
      if (!response.ok) throw new Error(`Twilio answered ${response.status}`);
    },
  };
}

export interface Outbox {
  /** Stores the message and, when a transport is configured for its channel, delivers it. */
  send(message: OutgoingMessage): Promise<{ id: string }>;
  list(filter?: { to?: string; template?: string; limit?: number }): Promise<StoredMessage[]>;
}

interface Row {
  id: string;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
  template: string;
  status: StoredMessage['status'];
  created_at: Date | string;
  attachments: StoredAttachment[] | string | null;
  organization_id: string | null;
  workflow_key: string | null;
  html: string | null;
}

/** Attachments are kept with their content in base64 (binary-safe), and given back as text. */
interface StoredAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

const toStored = (attachments: Attachment[] | undefined): string | null =>
  attachments?.length
    ? JSON.stringify(
        attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          contentBase64: Buffer.from(a.content, 'utf8').toString('base64'),
        })),
      )
    : null;

function fromStored(value: Row['attachments']): Attachment[] {
  const list: StoredAttachment[] =
    typeof value === 'string' ? (JSON.parse(value) as StoredAttachment[]) : (value ?? []);
  return list.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.from(a.contentBase64, 'base64').toString('utf8'),
  }));
}

export function createOutbox(database: Database, transports: MessageTransport[] = []): Outbox {
  const byChannel = new Map(transports.map((t) => [t.channel, t]));
  return {
    async send(message) {
      const transport = byChannel.get(message.channel);
      const [row] = await database.query<{ id: string }>(
        `insert into outbox_messages (channel, recipient, subject, body, template, status, attachments, dedupe_key, organization_id, workflow_key, html)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11) on conflict (dedupe_key) do nothing returning id`,
        [
          message.channel,
          message.to,
          message.subject ?? null,
          message.body,
          message.template,
          transport ? 'pending' : 'stored',
          toStored(message.attachments),
          message.dedupeKey ?? null,
          message.organizationId ?? null,
          message.workflowKey ?? null,
          message.html ?? null,
        ],
      );
      if (!row) {
        // Stored (and sent) before under the same key: not sent again.
        const [earlier] = await database.query<{ id: string }>(
          'select id from outbox_messages where dedupe_key = $1',
          [message.dedupeKey ?? null],
        );
        return { id: earlier!.id };
      }
      const id = row.id;
      if (transport) {
        try {
          await transport.send(message);
          await database.query(
            "update outbox_messages set status = 'sent', attempts = attempts + 1, sent_at = now() where id = $1",
            [id],
          );
        } catch (error) {
          await database.query(
            "update outbox_messages set status = 'failed', attempts = attempts + 1, last_error = $2 where id = $1",
            [id, error instanceof Error ? error.message.slice(0, 500) : 'delivery failed'],
          );
        }
      }
      return { id };
    },
    async list(filter = {}) {
      const rows = await database.query<Row>(
        `select id, channel, recipient, subject, body, template, status, created_at, attachments, organization_id, workflow_key, html from outbox_messages
         where ($1::text is null or lower(recipient) = lower($1)) and ($2::text is null or template = $2)
         order by created_at desc limit $3`,
        [filter.to ?? null, filter.template ?? null, Math.min(filter.limit ?? 50, 500)],
      );
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        to: r.recipient,
        ...(r.subject ? { subject: r.subject } : {}),
        body: r.body,
        template: r.template,
        status: r.status,
        createdAt: new Date(r.created_at).toISOString(),
        ...(r.attachments ? { attachments: fromStored(r.attachments) } : {}),
        ...(r.organization_id ? { organizationId: r.organization_id } : {}),
        ...(r.workflow_key ? { workflowKey: r.workflow_key } : {}),
        ...(r.html ? { html: r.html } : {}),
      }));
    },
  };
}

export function transportsFromConfig(config: Config): MessageTransport[] {
  const transports: MessageTransport[] = [];
  if (config.SMTP_URL) transports.push(smtpTransport(config.SMTP_URL, config.SMTP_FROM));
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM) {
    transports.push(twilioTransport(config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, config.TWILIO_FROM));
  }
  return transports;
}
