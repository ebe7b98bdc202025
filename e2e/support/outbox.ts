import { expect, type APIRequestContext } from '@playwright/test';

interface OutboxMessage {
  to: string;
  body: string;
  template: string;
  createdAt: string;
}

/**
 * The newest 6-digit code the local outbox kept for an address (the developer page /dev/outbox, on
 * with DEV_TOOLS). `after` skips messages sent before a moment, so a test never reads an older code.
 */
export async function latestCode(
  request: APIRequestContext,
  to: string,
  template: string,
  after = new Date(0),
) {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/dev/outbox', { params: { to, template, limit: 1 } });
      const { messages } = (await response.json()) as { messages: OutboxMessage[] };
      const message = messages[0];
      if (!message || new Date(message.createdAt) < after) return undefined;
      code = /\b(\d{6})\b/.exec(message.body)?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}
