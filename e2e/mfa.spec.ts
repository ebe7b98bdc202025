import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  sessionClaims,
  signInThroughPages,
  submitRealmLogin,
} from './support/sign-in';

/** An authenticator app: RFC 6238 (HMAC-SHA1, 30 s, 6 digits) over the base32 key the page shows. */
function authenticatorCode(base32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function practitionerId(page: Page): Promise<string> {
  return (await sessionClaims(page))['careslot_id'] as string;
}

test('a practice admin sets up an authenticator app, then signs in with its code (issue 24 item 6)', async ({
  page,
  browser,
}) => {
  const account = DEMO_ACCOUNTS['provider-admin'];
  await signInThroughPages(page, 'provider-admin');
  const settings = `/providers/${await practitionerId(page)}/settings/account/two-step`;
  await page.goto(settings);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('6-digit code').fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();

  // In another browser, the password alone is not enough: the realm asks the code (the next one: each is used once).
  const other = await (await browser.newContext()).newPage();
  await other.goto('/login');
  await other.getByRole('button', { name: 'Login with CareSlot' }).click();
  await submitRealmLogin(other, account.email, DEMO_PASSWORD);
  await expect(other.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await other.getByLabel('Code').fill(authenticatorCode(secret, Date.now() + 30_000));
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other.getByRole('button', { name: new RegExp(account.name) })).toBeVisible();

  // The demo account is left as it was: two-step sign-in off again, with a recovery code.
  await page.goto(settings);
  await page.getByLabel('Code from your app (or a recovery code)').fill(recovery);
  await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
});
