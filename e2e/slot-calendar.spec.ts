import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  request as requests,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { releaseHold } from './support/holds';

const ADMIN = '/careslot-administration/api/v2';
const CALENDAR = '/careslot-calendar/api/v2';

interface Schedule {
  Id: string;
  PractitionerId: string | null;
  TimeZone: string;
  Capacity: number;
  OnlineBookingEnabled: boolean;
}

/** A demo provider whose calendar takes one patient a slot, so one hold empties the slot for everyone else. */
async function providerWithSingleCapacity(request: APIRequestContext): Promise<Schedule> {
  const practitioners = await request.post(`${ADMIN}/practitioner/advance-search`, { data: { Limit: 50 } });
  expect(practitioners.ok()).toBe(true);
  const ids = ((await practitioners.json()) as { Data: { Id: string }[] }).Data.map((p) => p.Id);
  for (const id of ids) {
    const res = await request.post(`${CALENDAR}/schedule/advance-search`, { data: { PractitionerId: id } });
    const schedule = ((await res.json()) as { Data: Schedule[] }).Data.find(
      (s) => s.Capacity === 1 && s.OnlineBookingEnabled,
    );
    if (schedule) return schedule;
  }
  throw new Error('no demo provider with a capacity-1 schedule');
}

async function openProfile(
  browser: Browser,
  schedule: Schedule,
  timezoneId = schedule.TimeZone,
  baseURL?: string,
): Promise<Page> {
  const context = await browser.newContext({ timezoneId, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  await page.goto(`/providers/${schedule.PractitionerId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Live updates flow once the calendar hub is connected.
  await expect(page.getByRole('region', { name: 'Open appointment times' })).toHaveAttribute(
    'data-live',
    'connected',
  );
  await expect(page.locator('[data-slot-id]').first()).toBeVisible();
  return page;
}

test.describe('the live slot calendar', () => {
  test('a slot one visitor picks disappears for another without reloading, and comes back on release', async ({
    browser,
    request,
  }) => {
    const schedule = await providerWithSingleCapacity(request);
    const alice = await openProfile(browser, schedule);
    const bob = await openProfile(browser, schedule);

    const first = alice.locator('[data-slot-id]').first();
    const slotId = (await first.getAttribute('data-slot-id'))!;
    await expect(bob.locator(`[data-slot-id="${slotId}"]`)).toBeVisible();

    // Alice's pick holds the time and takes her, a guest, on to create her account (4.3 step 8).
    await first.click();
    await expect(alice).toHaveURL(/\/realms\/careslot\/login-actions\//);
    await expect(alice).toHaveTitle('Create Account - CareSlot');

    // Bob's page was loaded before the hold and is not reloaded: the calendar hub takes the slot away.
    await expect(bob.locator(`[data-slot-id="${slotId}"]`)).toHaveCount(0);

    expect(await releaseHold(alice, slotId)).toBe(1);
    await expect(bob.locator(`[data-slot-id="${slotId}"]`)).toBeVisible();

    await alice.context().close();
    await bob.context().close();
  });

  test('a visitor in another time zone confirms the time in both zones; No gives the slot back', async ({
    browser,
    request,
  }) => {
    const schedule = await providerWithSingleCapacity(request);
    const elsewhere = schedule.TimeZone === 'Asia/Tokyo' ? 'Europe/London' : 'Asia/Tokyo';
    const visitor = await openProfile(browser, schedule, elsewhere);
    const watcher = await openProfile(browser, schedule);

    const slot = visitor.locator('[data-slot-id]').nth(1);
    const slotId = await slot.getAttribute('data-slot-id');
    await slot.click();
    const dialog = visitor.getByRole('dialog', { name: 'Time Zone Difference' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'You are currently located in a different time zone from the selected facility.',
    );
    await expect(dialog).toContainText('Please confirm the selected time slot.');
    await expect(dialog).toContainText(/Your Time: \d{1,2}:\d{2} (am|pm) \S+/);
    await expect(dialog).toContainText(/Facility Time: \d{1,2}:\d{2} (am|pm) \S+/);
    await expect(dialog).toContainText('Are you sure you want to continue with this selection?');
    await expect(watcher.locator(`[data-slot-id="${slotId}"]`)).toHaveCount(0);

    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toBeHidden();
    await expect(visitor).toHaveURL(new RegExp(`/providers/${schedule.PractitionerId}$`));
    await expect(watcher.locator(`[data-slot-id="${slotId}"]`)).toBeVisible();

    await visitor.context().close();
    await watcher.context().close();
  });
});

/** A second server of the same build whose holds last SLOT_HOLD_SECONDS, so a hold can run out during a test. */
async function startShortHoldServer(
  port: number,
  holdSeconds: number,
): Promise<{ baseURL: string; stop: () => void }> {
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = path.join(os.tmpdir(), `careslot-e2e-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const server: ChildProcess = spawn(
    process.execPath,
    [fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url))],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000',
        PUBLIC_URL: baseURL,
        SLOT_HOLD_SECONDS: String(holdSeconds),
        SEED_DEMO_DATA: 'true',
      },
      stdio: 'ignore',
    },
  );
  const stop = () => {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let tries = 0; tries < 240; tries++) {
    if (server.exitCode !== null) break;
    const ready = await fetch(`${baseURL}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { baseURL, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error(`the short-hold server on port ${port} did not become ready`);
}

test.describe('a hold that runs out', () => {
  const HOLD_SECONDS = 8;
  let server: { baseURL: string; stop: () => void };

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    server = await startShortHoldServer(Number(process.env.E2E_PORT ?? 3210) + 1, HOLD_SECONDS);
  });
  test.afterAll(() => server?.stop());

  test('gives its slot back to every open calendar by itself', async ({ browser }) => {
    const api = await requests.newContext({ baseURL: server.baseURL });
    const schedule = await providerWithSingleCapacity(api);
    const alice = await openProfile(browser, schedule, schedule.TimeZone, server.baseURL);
    const bob = await openProfile(browser, schedule, schedule.TimeZone, server.baseURL);
    const charlie = await openProfile(browser, schedule, schedule.TimeZone, server.baseURL);

    const first = alice.locator('[data-slot-id]').first();
    const slotId = await first.getAttribute('data-slot-id');
    await first.click();
    await expect(alice).toHaveURL(/\/realms\/careslot\/login-actions\//);
    await expect(bob.locator(`[data-slot-id="${slotId}"]`)).toHaveCount(0);
    await expect(charlie.locator(`[data-slot-id="${slotId}"]`)).toHaveCount(0);

    // Alice never books and nobody releases it: the hold runs out, the server's sweep gives the place
    // back and announces it to every calendar still open.
    const comesBack = { timeout: (HOLD_SECONDS + 15) * 1000 };
    await expect(bob.locator(`[data-slot-id="${slotId}"]`)).toBeVisible(comesBack);
    await expect(charlie.locator(`[data-slot-id="${slotId}"]`)).toBeVisible(comesBack);

    await api.dispose();
    await alice.context().close();
    await bob.context().close();
    await charlie.context().close();
  });
});
