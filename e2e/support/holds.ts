import { expect, type Page } from '@playwright/test';

const CALENDAR = '/careslot-calendar/api/v2';

/**
 * Gives back a hold the way the app does (slot/release), with the token of the browser that holds it: a
 * guest's token (guest_token) or a signed-in user's (careslot_token).
 */
export async function releaseHold(page: Page, slotId: string): Promise<number> {
  const token = await page.evaluate(() => sessionStorage.getItem('guest_token') ?? sessionStorage.getItem('careslot_token'));
  expect(token).toBeTruthy();
  const res = await page.request.post(`${CALENDAR}/slot/release`, { headers: { authorization: `Bearer ${token}` }, data: { SlotIds: [slotId] } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { Released: number }).Released;
}
