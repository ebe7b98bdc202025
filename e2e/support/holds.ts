import { expect, type Page } from '@playwright/test';
import { sessionToken } from './sign-in';

const CALENDAR = '/careslot-calendar/api/v2';

/**
 * The token the browser's calls carry: a guest's (guest_token, session storage) or, when the context holds a
 * SessionId cookie, a signed-in user's (the app keeps that one in memory only, decision 0107: asked afresh).
 */
async function browserToken(page: Page, guestFirst: boolean): Promise<string | null> {
  const guest = await page.evaluate(() => sessionStorage.getItem('guest_token'));
  if (guestFirst && guest) return guest;
  const signedIn = (await page.context().cookies()).some((c) => c.name === 'SessionId');
  return signedIn ? sessionToken(page) : guest;
}

/**
 * Gives back a hold the way the app does (slot/release), with the token of the browser that holds it: a
 * guest's token or a signed-in user's.
 */
export async function releaseHold(page: Page, slotId: string): Promise<number> {
  const token = await browserToken(page, true);
  expect(token).toBeTruthy();
  const res = await page.request.post(`${CALENDAR}/slot/release`, {
    headers: { authorization: `Bearer ${token}` },
    data: { SlotIds: [slotId] },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { Released: number }).Released;
}

/**
 * Holds a slot as a slot click of the signed-in browser does, with its token (a hold belongs to the token's
 * subject, decision 0035). As a new pick releases the time held before, the account's earlier holds (other
 * journeys of the same demo patient) are released first, so the 3-holds limit never carries over.
 */
export async function holdAs(page: Page, body: { SlotIds: string[]; ServiceType?: { Id: string }[] }) {
  const token = await browserToken(page, false);
  expect(token).toBeTruthy();
  const headers = { authorization: `Bearer ${token}` };
  expect((await page.request.post(`${CALENDAR}/slot/release-all`, { headers })).ok()).toBe(true);
  return page.request.post(`${CALENDAR}/slot/reserve`, { headers, data: body });
}

/** Gives back a whole hold (every slot id of a pick) with the browser's token, as the app does. */
export async function releaseAs(page: Page, slotIds: string[]): Promise<void> {
  const token = await browserToken(page, false);
  expect(token).toBeTruthy();
  const res = await page.request.post(`${CALENDAR}/slot/release`, {
    headers: { authorization: `Bearer ${token}` },
    data: { SlotIds: slotIds },
  });
  expect(res.status()).toBe(200);
}
