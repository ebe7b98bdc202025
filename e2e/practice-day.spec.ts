import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, signInAs, type DemoRole } from './support/sign-in';

/** Letters only (the name rule), different on every run so the journeys never meet earlier data. */
const runName = () =>
  `Walker${Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function signedIn(browser: Browser, role: DemoRole): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await signInAs(page, role);
  return page;
}

/** A figure of a dashboard card, as a number. */
async function figure(page: Page, testId: string): Promise<number> {
  const card = page.getByTestId(testId);
  await expect(card).toHaveText(/^\d+$/);
  return Number(await card.textContent());
}

/** The front desk registers a walk-in for Dr. Olivia Bennett, as a new patient of the practice, from the calendar. */
async function registerWalkIn(staff: Page, firstName: string, lastName: string) {
  await staff.getByRole('button', { name: 'Book appointment' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Book for a patient' });
  await dialog.getByLabel('Provider and location').click();
  await staff
    .getByRole('option', { name: /^Dr\. Olivia Bennett/ })
    .first()
    .click();
  await dialog.getByText('Walk-in now').click();
  await dialog.getByText('New patient').click();
  await dialog.getByLabel('First Name').fill(firstName);
  await dialog.getByLabel('Last Name').fill(lastName);
  await dialog.getByLabel('Date of birth').fill('1986-07-14');
  await dialog.getByLabel('Gender').click();
  await staff.getByRole('option', { name: 'Female' }).click();
  await dialog.getByLabel('Reason for the visit').fill('Sore throat');
  await dialog.getByRole('button', { name: 'Add to the queue' }).click();
  await expect(dialog).toBeHidden();
}

test.describe("the practice's day", () => {
  test("staff check a walk-in in from the calendar; the provider's dashboard follows live and calls the next patient; logout asks while patients wait", async ({
    browser,
  }) => {
    // Two people sign in and work side by side: longer than one journey's default minute.
    test.setTimeout(150_000);
    const provider = await signedIn(browser, 'provider');
    await provider.goto('/dashboard/doctor');
    await expect(provider.getByRole('heading', { level: 1 })).toHaveText('Good to see you, Dr. Bennett');
    await expect(provider.getByTestId('header-date')).toHaveText(/^[A-Z][a-z]+ \d{1,2},\d{4}$/);
    await expect(provider.getByRole('status', { name: 'Live' })).toBeVisible();
    const walkIns = await figure(provider, 'count-walkin');
    const checkedIn = await figure(provider, 'count-checked-in');
    expect(await axeViolations(provider)).toEqual([]);

    const staff = await signedIn(browser, 'staff');
    await staff.goto('/staff-member/calendar');
    await expect(staff.getByRole('heading', { level: 1, name: 'Practice calendar' })).toBeVisible();
    await expect(staff.getByRole('status', { name: 'Live' })).toBeVisible();
    expect(await axeViolations(staff)).toEqual([]);

    const first = runName();
    const second = runName();
    await registerWalkIn(staff, 'Ada', first);

    // The provider's page was never reloaded: the appointments hub brings the walk-in.
    await expect(provider.getByTestId('count-walkin')).toHaveText(String(walkIns + 1));
    const queue = provider.getByTestId('queue-list');
    await expect(queue).toContainText(`Ada ${first}`);

    // The desk opens the visit on today's calendar (a column per provider) and checks the patient in.
    await staff
      .getByRole('button', { name: new RegExp(`${first}, Ada, Arrived, Dr\\. Olivia Bennett`) })
      .click();
    const drawer = staff.getByRole('dialog', { name: 'Appointment' });
    await expect(drawer.getByTestId('drawer-patient')).toHaveText(`${first}, Ada`);
    await drawer.getByRole('button', { name: 'Check in' }).click();
    await expect(drawer.getByText('Checked-In', { exact: true })).toBeVisible();
    await expect(staff.getByRole('button', { name: new RegExp(`${first}, Ada, Checked-In`) })).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();

    // The Check-In Summary's row opens the same appointment on the desk's calendar, from the keyboard.
    await staff.goto('/staff-member/digital-checkin');
    const row = staff.getByRole('link', { name: new RegExp(`^Open the appointment of ${first}, Ada at `) });
    await row.focus();
    await staff.keyboard.press('Enter');
    await expect(staff).toHaveURL(/\/staff-member\/calendar\?date=\d{4}-\d{2}-\d{2}&appointment=/);
    await expect(staff.getByRole('dialog', { name: 'Appointment' }).getByTestId('drawer-patient')).toHaveText(
      `${first}, Ada`,
    );
    await staff.getByRole('dialog', { name: 'Appointment' }).getByRole('button', { name: 'Close' }).click();
    await expect(staff).toHaveURL(/\/staff-member\/calendar$/);

    await expect(provider.getByTestId('count-checked-in')).toHaveText(String(checkedIn + 1));
    await expect(
      provider
        .getByRole('table', { name: "Today's appointments" })
        .getByRole('row', { name: new RegExp(first) }),
    ).toContainText('Checked-In');

    // A second walk-in joins behind the first: the queue keeps arrival order.
    await registerWalkIn(staff, 'Bea', second);
    await expect(queue).toContainText(`Bea ${second}`);
    const names = await queue.getByTestId('queue-name').allTextContents();
    expect(names.indexOf(`Ada ${first}`)).toBeLessThan(names.indexOf(`Bea ${second}`));

    // The provider calls the next patient: the head of the queue is seen now, and the desk's calendar follows.
    const head = names[0]!;
    await provider.getByRole('button', { name: 'Call next patient' }).click();
    await expect(provider.getByTestId('queue-in-progress')).toContainText(head);
    await expect(queue.getByTestId('queue-name')).toHaveCount(names.length - 1);
    const [headFirst, headLast] = head.split(' ');
    await expect(
      staff.getByRole('button', { name: new RegExp(`${headLast}, ${headFirst}, In progress`) }),
    ).toBeVisible();

    // Logging out while patients still wait asks first (§2.7); 'Stay' keeps the provider signed in.
    const waiting = await queue.getByRole('listitem').count();
    expect(waiting).toBeGreaterThan(0);
    await provider.getByRole('button', { name: new RegExp(DEMO_ACCOUNTS.provider.name) }).click();
    await provider.getByRole('button', { name: 'Logout' }).click();
    const ask = provider.getByRole('dialog', { name: 'Patients in Queue' });
    await expect(ask).toContainText(`You still have ${waiting} patient(s) in queue`);
    await expect(ask).toContainText('Are you sure you want to leave?');
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(ask).toBeHidden();
    await expect(provider.getByRole('heading', { level: 1 })).toHaveText('Good to see you, Dr. Bennett');

    await provider.getByRole('button', { name: new RegExp(DEMO_ACCOUNTS.provider.name) }).click();
    await provider.getByRole('button', { name: 'Logout' }).click();
    await provider
      .getByRole('dialog', { name: 'Patients in Queue' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await expect(provider.getByRole('button', { name: new RegExp(DEMO_ACCOUNTS.provider.name) })).toHaveCount(
      0,
    );
  });

  test('the practice admin sees the day across providers and locations; the calendar has day, week and month views', async ({
    browser,
  }) => {
    const admin = await signedIn(browser, 'admin');
    await admin.goto('/practice-admin/dashboard');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Riverside Health Partners today');
    await expect(admin.getByRole('region', { name: 'By provider' })).toBeVisible();
    await expect(admin.getByRole('region', { name: 'By location' })).toBeVisible();
    expect(await axeViolations(admin)).toEqual([]);

    await admin.goto('/practice-admin/calendar');
    for (const view of ['Week', 'Month', 'Day']) {
      await admin.getByText(view, { exact: true }).click();
      await expect(admin.getByTestId('calendar-title')).not.toBeEmpty();
    }
    await admin.getByRole('button', { name: 'Block time' }).click();
    const block = admin.getByRole('dialog', { name: 'Block time off' });
    await block.getByRole('button', { name: 'Block time' }).click();
    await expect(block.getByText('Say why the time is blocked.')).toBeVisible();
    expect(await axeViolations(admin)).toEqual([]);
  });
});
