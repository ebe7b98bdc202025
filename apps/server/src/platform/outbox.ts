import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Clock } from './clock';
import { crashPoint } from './crash-points';
import type { Connection, Database } from './db';
import type { Job, Jobs } from './jobs';

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
   * Makes sending idempotent, "sent once": a message whose key was written before is not written again, and
   * is not sent again once delivered; one not yet delivered keeps (or gets again) its delivery (a redelivered
   * domain event, e.g. `<event id>:<channel>:<template>`). Holds no personal data.
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
  /** pending: to be delivered (or retrying); sent: a transport took it; stored: kept by the local default; failed: given up. */
  status: 'stored' | 'pending' | 'sent' | 'failed';
  createdAt: string;
  /** Delivery attempts so far. */
  attempts: number;
  /** The transport's answer to the last failed attempt (while retrying, and once failed). */
  lastError?: string;
  sentAt?: string;
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
  /**
   * Writes the message and schedules its delivery (job kind `outbox.deliver`), both in the caller's transaction
   * when one is passed (the message leaves only if the change commits), else in a transaction of their own.
   * Delivery runs in the background: the channel's transport, or the local default, which keeps it as `stored`.
   */
  send(message: OutgoingMessage, connection?: Connection): Promise<{ id: string }>;
  list(filter?: { to?: string; template?: string; limit?: number }): Promise<StoredMessage[]>;
  /** Registers delivery on the app's job scheduler; buildApp calls it once, before anything is sent. */
  attach(jobs: Jobs, clock: Clock): void;
}

/** The job kind that delivers one message; its key is `outbox:<message id>`, its payload the message id. */
export const OUTBOX_DELIVERY_JOB = 'outbox.deliver';

/**
 * Attempts before a message is given up as `failed`, and the wait before retry n: 30 s, 1, 2, 4, 8, 16 and
 * 32 min, so an SMTP server or Twilio that is down for up to about an hour loses nothing.
 */
export const OUTBOX_DELIVERY = {
  maxAttempts: 8,
  retryDelayMs: (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000),
} as const;

const deliveryKey = (messageId: string) => `outbox:${messageId}`;

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
  attempts: number;
  last_error: string | null;
  sent_at: Date | string | null;
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

const COLUMNS =
  'id, channel, recipient, subject, body, template, status, created_at, attachments, organization_id, workflow_key, html, attempts, last_error, sent_at';

function toMessage(r: Row): StoredMessage {
  return {
    id: r.id,
    channel: r.channel,
    to: r.recipient,
    ...(r.subject ? { subject: r.subject } : {}),
    body: r.body,
    template: r.template,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    attempts: r.attempts,
    ...(r.last_error ? { lastError: r.last_error } : {}),
    ...(r.sent_at ? { sentAt: new Date(r.sent_at).toISOString() } : {}),
    ...(r.attachments ? { attachments: fromStored(r.attachments) } : {}),
    ...(r.organization_id ? { organizationId: r.organization_id } : {}),
    ...(r.workflow_key ? { workflowKey: r.workflow_key } : {}),
    ...(r.html ? { html: r.html } : {}),
  };
}

/** The message as its transport takes it. */
const toOutgoing = (r: Row): OutgoingMessage => ({
  channel: r.channel,
  to: r.recipient,
  ...(r.subject ? { subject: r.subject } : {}),
  body: r.body,
  template: r.template,
  ...(r.attachments ? { attachments: fromStored(r.attachments) } : {}),
  organizationId: r.organization_id,
  workflowKey: r.workflow_key,
  html: r.html,
});

/**
 * What the job scheduler (and so the log) is told when a transport refuses: the transport and the error's
 * code, never its text, which can quote the recipient's address (SMTP's 550 answers do). The full text is
 * kept on the message's row, beside the address it names.
 */
function refusal(transport: MessageTransport, error: unknown): Error {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const detail = [code, responseCode].filter((part) => typeof part === 'string' || typeof part === 'number');
  return new Error(
    `${transport.name} did not take the message${detail.length ? ` (${detail.join(' ')})` : ''}`,
  );
}

/**
 * The outbox (decision 0081). `outbox_messages` holds every message; `status` says where it is:
 * `pending` (written, its delivery job due or retrying), `sent` (a transport took it), `stored` (the local
 * default keeps it, readable at /dev/outbox) or `failed` (given up after the last attempt; `last_error` says why).
 */
export function createOutbox(database: Database, transports: MessageTransport[] = []): Outbox {
  const byChannel = new Map(transports.map((t) => [t.channel, t]));
  let scheduler: { jobs: Jobs; clock: Clock } | null = null;

  const schedule = (messageId: string, connection: Connection) => {
    if (!scheduler) throw new Error('the outbox is not attached to a job scheduler (buildApp attaches it)');
    return scheduler.jobs.schedule(
      {
        kind: OUTBOX_DELIVERY_JOB,
        key: deliveryKey(messageId),
        runAt: scheduler.clock.now(),
        payload: { messageId },
        maxAttempts: OUTBOX_DELIVERY.maxAttempts,
      },
      connection,
    );
  };

  async function write(message: OutgoingMessage, tx: Connection): Promise<{ id: string }> {
    const [row] = await tx.query<{ id: string }>(
      `insert into outbox_messages (channel, recipient, subject, body, template, status, attachments, dedupe_key, organization_id, workflow_key, html)
       values ($1, $2, $3, $4, $5, 'pending', $6::jsonb, $7, $8, $9, $10) on conflict (dedupe_key) do nothing returning id`,
      [
        message.channel,
        message.to,
        message.subject ?? null,
        message.body,
        message.template,
        toStored(message.attachments),
        message.dedupeKey ?? null,
        message.organizationId ?? null,
        message.workflowKey ?? null,
        message.html ?? null,
      ],
    );
    if (row) {
      await schedule(row.id, tx);
      return { id: row.id };
    }
    // Written before under the same key. The key means "sent once": delivered (sent or stored) is not sent
    // again, and a delivery under way (its job pending or running) is left to finish; a message nothing is
    // delivering any more (given up, or stranded by a crash before deliveries were jobs) is delivered again.
    const [earlier] = await tx.query<{ id: string; status: StoredMessage['status']; job: string | null }>(
      `select m.id, m.status, j.status as job from outbox_messages m
         left join scheduled_jobs j on j.key = 'outbox:' || m.id::text
        where m.dedupe_key = $1`,
      [message.dedupeKey ?? null],
    );
    const { id, status, job } = earlier!;
    if (status === 'sent' || status === 'stored' || job === 'pending' || job === 'running') return { id };
    await tx.query(
      "update outbox_messages set status = 'pending' where id = $1 and status in ('pending', 'failed')",
      [id],
    );
    await schedule(id, tx);
    return { id };
  }

  /** The job: one attempt at one message. Throws when the transport refuses, so the scheduler retries. */
  async function deliver(job: Job<{ messageId: string }>): Promise<void> {
    const [row] = await database.query<Row>(`select ${COLUMNS} from outbox_messages where id = $1`, [
      job.payload.messageId,
    ]);
    // Delivered already: a rerun after a crash between the delivery and the job's own `done`.
    if (!row || row.status === 'sent' || row.status === 'stored') return;
    const transport = byChannel.get(row.channel);
    if (!transport) {
      // The local default: the message stays in the outbox, which is its delivery.
      await database.query(
        "update outbox_messages set status = 'stored', attempts = attempts + 1, last_error = null where id = $1",
        [row.id],
      );
      return;
    }
    await crashPoint('before-message-send');
    try {
      await transport.send(toOutgoing(row));
    } catch (error) {
      await database.query(
        'update outbox_messages set attempts = attempts + 1, last_error = $2 where id = $1',
        [row.id, error instanceof Error ? error.message.slice(0, 500) : 'delivery failed'],
      );
      throw refusal(transport, error);
    }
    await database.query(
      "update outbox_messages set status = 'sent', attempts = attempts + 1, last_error = null, sent_at = now() where id = $1",
      [row.id],
    );
  }

  return {
    async send(message, connection) {
      if (connection) return write(message, connection);
      const written = await database.transaction((tx) => write(message, tx));
      await crashPoint('after-message-written');
      return written;
    },
    async list(filter = {}) {
      const rows = await database.query<Row>(
        `select ${COLUMNS} from outbox_messages
         where ($1::text is null or lower(recipient) = lower($1)) and ($2::text is null or template = $2)
         order by created_at desc limit $3`,
        [filter.to ?? null, filter.template ?? null, Math.min(filter.limit ?? 50, 500)],
      );
      return rows.map(toMessage);
    },
    attach(jobs, clock) {
      if (scheduler) throw new Error('the outbox is already attached to a job scheduler');
      scheduler = { jobs, clock };
      jobs.register<{ messageId: string }>(OUTBOX_DELIVERY_JOB, deliver, {
        retryDelayMs: OUTBOX_DELIVERY.retryDelayMs,
        // After the last attempt the message is visibly failed, with the transport's last answer.
        onGiveUp: async (given) => {
          await database.query(
            "update outbox_messages set status = 'failed' where id = $1 and status = 'pending'",
            [(given.payload as { messageId: string }).messageId],
          );
        },
      });
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

export interface SmsLogRow {
  id: string;
  created_at: Date | string;
  recipient: string;
  workflow_key: string | null;
  template: string;
  status: string;
}

/**
 * The SMS the outbox keeps for an organization between two instants, newest first, with the count: the read
 * behind the notifications module's SMS log (the table is the platform's).
 */
export async function smsLogs(
  db: Pick<Connection, 'query'>,
  filter: {
    organizationId: string;
    from: Date;
    to: Date;
    search: string | null;
    limit: number;
    offset: number;
  },
): Promise<{ rows: SmsLogRow[]; total: number }> {
  const where = `organization_id = $1 and channel = 'sms' and created_at >= $2 and created_at < $3
    and ($4::text is null or coalesce(workflow_key, template) ilike '%' || $4 || '%' or status ilike $4 || '%'
         or right(regexp_replace(recipient, '\\D', '', 'g'), 4) = $4)`;
  const params = [filter.organizationId, filter.from.toISOString(), filter.to.toISOString(), filter.search];
  const rows = await db.query<SmsLogRow>(
    `select id, created_at, recipient, workflow_key, template, status from outbox_messages where ${where}
      order by created_at desc, id limit $5 offset $6`,
    [...params, filter.limit, filter.offset],
  );
  const [count] = await db.query<{ total: number | string }>(
    `select count(*) as total from outbox_messages where ${where}`,
    params,
  );
  return { rows, total: Number(count?.total ?? 0) };
}
