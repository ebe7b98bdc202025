import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService, REVOCATION_SYNC_MS } from '../../platform/tokens';
import { bearer, createTestApp, guestHeaders, tokenFor, type TestApp } from '../../testing/app';

/**
 * Issue 29 item 1: a hold, a release and a hand-over are each at most three SQL statements on the request path
 * (a transaction's begin and commit count), the hub's SlotUpdated included. Counted through the database
 * layer's statement hook (`Database.onStatement`), so a change that adds a round trip fails here, on PGlite
 * and on PostgreSQL alike. Deterministic: no timing, only the count.
 */

const CALENDAR = '/careslot-calendar/api/v2';
const MAX_STATEMENTS = 3;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-23T13:40:00Z' }); // Monday 08:40 in New York
}, 60_000);
afterAll(() => t.close());

/** A calendar open Mon-Fri 09:00-12:00 in New York, 30-minute slots of two places. */
async function calendar(): Promise<string[]> {
  const id = randomUUID();
  await t.database.query(
    `insert into schedules (id, time_zone, slot_minutes, capacity, planning_horizon_days) values ($1, 'America/New_York', 30, 2, 60)`,
    [id],
  );
  for (let weekday = 1; weekday <= 5; weekday += 1)
    await t.database.query(
      'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, $2, 540, 720)',
      [id, weekday],
    );
  return ['14:00', '14:30', '15:00'].map((hm) => `${id}_2026-11-24T${hm}:00.000Z`);
}

/** The statements one call sends (after the call's own background work has drained). */
async function statementsOf(call: () => Promise<{ statusCode: number }>, status = 200): Promise<string[]> {
  await t.events.drain();
  const seen: string[] = [];
  t.database.onStatement = (text) => seen.push(text.replace(/\s+/g, ' ').trim().slice(0, 80));
  try {
    const answer = await call();
    expect(answer.statusCode).toBe(status);
  } finally {
    t.database.onStatement = null;
  }
  return seen;
}

const post = (url: string, headers: Record<string, string>, payload: object) => () =>
  t.app.inject({ method: 'POST', url: `${CALENDAR}${url}`, headers, payload });

describe('a hold is one round trip', () => {
  it('a guest hold, its release and a full slot each send at most three statements', async () => {
    const [first, second] = await calendar();
    const guest = await guestHeaders(t.tokens, randomUUID());
    // The schedule's cached copy and the token's first check are warm after one hold, as they are in service.
    await post('/slot/reserve', guest, { SlotIds: [second!] })();

    const hold = await statementsOf(post('/slot/reserve', guest, { SlotIds: [first!] }));
    expect(hold.length, hold.join('\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
    // Today it is one: the hold, its ticket and its event in one call (decision 0101).
    expect(hold).toEqual([expect.stringMatching(/^select scheduling_hold\(/)]);

    const release = await statementsOf(post('/slot/release', guest, { SlotIds: [first!] }));
    expect(release.length, release.join('\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(release).toEqual([expect.stringMatching(/^select scheduling_release\(/)]);

    // Full: two other guests take both places, the third is refused in as few.
    await post('/slot/reserve', await guestHeaders(t.tokens, randomUUID()), { SlotIds: [first!] })();
    await post('/slot/reserve', await guestHeaders(t.tokens, randomUUID()), { SlotIds: [first!] })();
    const full = await statementsOf(
      post('/slot/reserve', await guestHeaders(t.tokens, randomUUID()), { SlotIds: [first!] }),
      409,
    );
    expect(full.length, full.join('\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
    // A new token costs no statement: the denylist is this instance's copy (decision 0102).
    expect(full).toEqual([expect.stringMatching(/^select scheduling_hold\(/)]);
  });

  it('a signed-in hold and the hand-over of a guest hold send at most three statements each', async () => {
    const [, , third] = await calendar();
    const guestToken = await t.tokens.sign(
      { sub: `guest:${randomUUID()}`, user_roles: [], guest: true },
      3600,
    );
    await post('/slot/reserve', bearer(guestToken), { SlotIds: [third!] })();
    const user = bearer(await tokenFor(t.tokens, { sub: randomUUID(), user_roles: ['Patient'] }));
    const handOver = await statementsOf(post('/slot/hand-over', user, { GuestToken: guestToken }));
    expect(handOver.length, handOver.join('\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(handOver).toEqual([expect.stringMatching(/^select scheduling_hand_over\(/)]);
  });
});

describe('the denylist copy (decision 0102)', () => {
  it('another instance refuses a revoked token as soon as the revocation wakes it, and within the bound without', async () => {
    const token = await t.tokens.sign({ sub: `guest:${randomUUID()}`, user_roles: [], guest: true }, 3600);
    const { jti, exp } = decodeJwt(token);
    let later = 0;
    // Two other instances over the same database: one listens for revocations, one does not.
    const listening = await createTokenService(
      t.database,
      () => new Date(t.clock.now().getTime() + later),
      t.secrets,
    );
    await listening.start();
    const deaf = await createTokenService(
      t.database,
      () => new Date(t.clock.now().getTime() + later),
      t.secrets,
    );
    try {
      await expect(listening.verify(token)).resolves.toMatchObject({ guest: true });
      await expect(deaf.verify(token)).resolves.toMatchObject({ guest: true });
      await t.tokens.revoke([{ jti: jti!, expiresAt: new Date(exp! * 1000) }]);
      // The revoking instance knows at once; the listening one once NOTIFY has arrived (no clock moves).
      await expect(t.tokens.verify(token)).rejects.toThrow('token revoked');
      await expect
        .poll(() =>
          listening.verify(token).then(
            () => 'allowed',
            () => 'refused',
          ),
        )
        .toBe('refused');
      // The one that heard nothing trusts its copy for at most REVOCATION_SYNC_MS.
      await expect(deaf.verify(token)).resolves.toMatchObject({ guest: true });
      later = REVOCATION_SYNC_MS + 1;
      await expect(deaf.verify(token)).rejects.toThrow('token revoked');
    } finally {
      await listening.close();
    }
  });
});
