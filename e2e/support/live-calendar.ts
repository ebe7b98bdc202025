import { expect, type Browser, type Page } from '@playwright/test';

/**
 * A patient's view of a provider's profile: its slot calendar, connected to the calendar hub, and the hub's
 * frames as received, so a journey can see the calendar follow a practice's change without a reload.
 */
export async function watchProfileCalendar(
  browser: Browser,
  calendar: { scheduleId: string; practitionerId: string; timeZone: string },
): Promise<{ page: Page; frames: string[] }> {
  const context = await browser.newContext({ timezoneId: calendar.timeZone });
  const page = await context.newPage();
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await page.goto(`/providers/${calendar.practitionerId}`);
  await expect(page.getByRole('region', { name: 'Open appointment times' })).toHaveAttribute(
    'data-live',
    'connected',
  );
  await expect(page.locator(`[data-slot-id^="${calendar.scheduleId}_"]`).first()).toBeVisible();
  return { page, frames };
}

/** The weekday (English, as the schedule editor names it) of an instant in a zone. */
export const weekdayIn = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone }).format(new Date(instant));

/** Whether the hub re-announced a slot of the calendar with this reason at this duration (SlotAdded replaces a slot). */
export const heardReasonDuration = (
  frames: readonly string[],
  scheduleId: string,
  reasonId: string,
  duration: number,
) =>
  frames.some(
    (f) =>
      f.includes('"SlotAdded"') &&
      f.includes(scheduleId) &&
      f.includes(`"Id":"${reasonId}"`) &&
      f.includes(`"Duration":${duration}`),
  );
