import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, LOGIN_MESSAGES, RESET_MESSAGES } from '@careslot/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { hashPassword } from './accounts';
import { insertAccounts } from './store';

/** Guesses that arrive at once, each from its own address so the per-client rate limit is not what stops them. */
const fromAddress = (index: number) => `10.${Math.floor(index / 250)}.${index % 250}.${(index % 7) + 1}`;

let t: TestApp;
let counter = 0;
beforeAll(async () => {
  t = await createTestApp();
}, 30_000);
afterAll(() => t.close());

async function newAccount(password: string): Promise<string> {
  const email = `lockout-${Date.now()}-${(counter += 1)}@example.com`;
  await insertAccounts(t.database, [
    {
      email,
      passwordHash: await hashPassword(password),
      givenName: 'Lee',
      familyName: 'Lock',
      userType: 'Patient',
      userRoles: ['patient'],
    },
  ]);
  return email;
}

const login = (email: string, password: string, index: number) =>
  t.call<{ message: string }>({
    method: 'POST',
    url: ACCOUNT_PATHS.login,
    remoteAddress: fromAddress(index),
    payload: { UserName: email, Password: password },
  });

describe('lock-out under parallel guesses', () => {
  it('evaluates at most 5 of 50 simultaneous wrong passwords and refuses the right one while locked', async () => {
    const email = await newAccount('RightHorse42!x');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(email, `wrong-guess-${i}`, i)),
    );
    const evaluated = answers.filter((answer) => answer.statusCode === 401);
    const locked = answers.filter((answer) => answer.statusCode === 429);
    // Four wrong tries answer 'invalid'; the fifth locks; every other one is refused without a password check.
    expect(evaluated.length).toBe(4);
    expect(locked.length).toBe(46);
    expect(locked[0]!.json.message).toBe(LOGIN_MESSAGES.locked);

    const right = await login(email, 'RightHorse42!x', 99);
    expect(right.statusCode).toBe(429);
    expect(right.json.message).toBe(LOGIN_MESSAGES.locked);
  }, 60_000);

  it('locks an unknown e-mail after the same number of tries, with the same answers as a known one', async () => {
    const known = await newAccount('RightHorse42!x');
    const unknown = `nobody-${Date.now()}@example.com`;
    for (const email of [known, unknown]) {
      const answers = [];
      for (let i = 0; i < 6; i += 1) answers.push(await login(email, 'wrong-guess', i));
      expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 429, 429]);
      expect(answers.map((answer) => answer.json.message)).toEqual([
        ...Array.from({ length: 4 }, () => LOGIN_MESSAGES.invalid),
        LOGIN_MESSAGES.locked,
        LOGIN_MESSAGES.locked,
      ]);
    }
  }, 60_000);

  it('lets the right password in after four wrong ones and starts the count again', async () => {
    const email = await newAccount('RightHorse42!x');
    for (let i = 0; i < 4; i += 1) expect((await login(email, 'wrong-guess', i)).statusCode).toBe(401);
    expect((await login(email, 'RightHorse42!x', 5)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(email, 'wrong-guess', i)).statusCode).toBe(401);
  }, 60_000);
});

describe('reset codes under parallel guesses', () => {
  it('evaluates at most 5 of 20 simultaneous wrong codes: the right code sent with them and after them is refused', async () => {
    const email = await newAccount('RightHorse42!x');
    const send = await t.call({
      method: 'POST',
      url: `${ACCOUNT_PATHS.sendResetEmail}?email=${encodeURIComponent(email)}`,
    });
    expect(send.statusCode).toBe(200);
    const [message] = await t.outbox.list({ to: email, template: 'password-reset', limit: 1 });
    const code = /\b(\d{6})\b/.exec(message!.body)![1]!;
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const check = (given: string, i: number) =>
      t.call<{ message: string }>({
        method: 'PUT',
        url: `${ACCOUNT_PATHS.resetPassword}?email=${encodeURIComponent(email)}`,
        remoteAddress: fromAddress(i),
        payload: { Code: given },
      });
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => check(wrong(i), i)),
      check(code, 20),
    ]);
    // Every status, so a failure shows what the other answers were (once on PostgreSQL: three 400s, not four).
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(4).fill(400), ...Array<number>(17).fill(429)]);

    const right = await t.call<{ message: string }>({
      method: 'PUT',
      url: `${ACCOUNT_PATHS.resetPassword}?email=${encodeURIComponent(email)}`,
      payload: { Code: code, NewPassword: 'AnotherHorse42!x' },
    });
    expect(right.statusCode).toBe(429);
    expect(right.json.message).toBe(RESET_MESSAGES.exhausted);
  }, 60_000);
});
