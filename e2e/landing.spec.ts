import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signInAs } from './support/sign-in';

// The marketing landing page for doctors (practice-portal.md §2.14, §4.10) at '/'.
const SECTIONS = [
  ['home', 'Home'],
  ['reputation-management', 'Reputation Management'],
  ['messenger', 'Messenger'],
  ['online-scheduling', 'Online Scheduling'],
  ['digital-check-in', 'Digital Check-In'],
  ['telemedicine', 'Telemedicine'],
  ['patient-surveys', 'Patient Surveys'],
  ['payments', 'Payments'],
  ['continued-care', 'Continued Care'],
  ['request-demo', 'Request a Demo'],
] as const;

const dot = (page: Page, index: number) =>
  page
    .getByRole('navigation', { name: 'Page sections' })
    .getByRole('link', { name: `Go to section ${index + 1}: ${SECTIONS[index]![1]}` });

/** The active section: its dot is current, it fills the screen and the scroll animation has ended. */
async function expectActive(page: Page, index: number) {
  await expect(dot(page, index)).toHaveAttribute('aria-current', 'step');
  await expect(page.locator('[data-scrolling]')).toHaveCount(0);
  await expect(page.locator(`section#${SECTIONS[index]![0]}`)).toBeInViewport({ ratio: 0.5 });
}

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('a visitor reads the ten sections with the wheel and the arrow keys, the dots following', async ({
  page,
}) => {
  // Section-by-section scrolling is for a visitor who accepts motion (the journeys' browser asks for less by
  // default; with reduced motion the page scrolls as a plain document).
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  await expect(page).toHaveTitle('CareSlot for Doctors | The modern patient experience platform');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Increase engagement. Reduce costs. Advance growth.',
  );
  await expect(page.getByText('Introducing the modern patient experience platform')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Page sections' }).getByRole('link')).toHaveCount(10);
  await expectActive(page, 0);
  expect(await axeViolations(page)).toEqual([]);

  await page.mouse.move(600, 450);
  for (let index = 1; index < SECTIONS.length; index += 1) {
    await page.mouse.wheel(0, 240);
    await expectActive(page, index);
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Request a Demo' })).toBeInViewport();

  for (let index = 8; index >= 6; index -= 1) {
    await page.keyboard.press('ArrowUp');
    await expectActive(page, index);
  }
  await page.keyboard.press('ArrowDown');
  await expectActive(page, 7);
  await expect(page.getByRole('heading', { level: 2, name: 'Get paid before the visit' })).toBeInViewport();

  // A dot opens its section directly.
  await dot(page, 1).click();
  await expectActive(page, 1);
  await expect(page.getByText('Reach to 200+ review sites and 75 online directories')).toBeVisible();
});

test('?section=payments opens the page on Payments', async ({ page }) => {
  await page.goto('/?section=payments');
  await expectActive(page, 7);
  await expect(page.getByRole('heading', { name: 'Get paid before the visit' })).toBeInViewport();
  await expect(page.getByText('Pre-visit collection of co-pays, deductibles and balances')).toBeVisible();
});

test("'Find a Top Doctor' leaves the landing page for the patient home, which stays for the session", async ({
  page,
}) => {
  await page.goto('/?utm_source=newsletter');
  await page
    .getByRole('navigation', { name: 'For doctors' })
    .getByRole('link', { name: 'Find a Top Doctor' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a Top Doctor');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a Top Doctor');
  // 'For Doctors' brings the landing page back.
  await page.getByRole('banner').getByRole('link', { name: 'For Doctors' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Increase engagement. Reduce costs. Advance growth.',
  );
});

test('the demo form shows its errors, accepts a good request and e-mails the sales team', async ({
  page,
  request,
}) => {
  const practice = `Lakeside Family Medicine ${Date.now()}`;
  await page.goto('/?section=request-demo&utm_source=e2e');
  const form = page.locator('form[aria-labelledby="request-demo-heading"]');
  await expect(form.getByText('Fields marked * are required.')).toBeVisible();

  await form.getByRole('button', { name: 'Request a Demo' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
  await expect(form.getByText('Please enter your name.')).toBeVisible();
  await expect(form.getByText('Please enter the name of your practice.')).toBeVisible();
  await expect(form.getByText('Please enter your e-mail address.')).toBeVisible();
  await expect(form.getByText('Please enter your phone number.')).toBeVisible();
  await expect(form.getByText('Please choose at least one area of interest.')).toBeVisible();
  await expect(form.getByLabel('Full name')).toBeFocused();

  await form.getByLabel('Full name').fill('Amara Okafor');
  await form.getByLabel('Practice name').fill(practice);
  await form.getByLabel('Work e-mail').fill('amara@lakeside');
  await form.getByLabel('Phone').fill('(312) 555-0142');
  await form.getByRole('checkbox', { name: 'Payments' }).check();
  await form.getByRole('checkbox', { name: 'Reputation management & listings' }).check();
  await form.getByRole('button', { name: 'Request a Demo' }).click();
  await expect(
    form.getByText('Please enter a valid e-mail address, such as name@practice.com.'),
  ).toBeVisible();
  await expect(form.getByLabel('Work e-mail')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page)).toEqual([]);

  await form.getByLabel('Work e-mail').fill('amara@lakeside-fm.com');
  await form.getByRole('button', { name: 'Request a Demo' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you!');
  await expect(page.getByRole('status')).toContainText(
    'Our team will contact you within one business day to schedule your demo.',
  );

  const outbox = await request.get('/dev/outbox?template=demo-request&to=sales@careslot.health');
  const { messages } = (await outbox.json()) as { messages: { subject?: string; body: string }[] };
  const mail = messages.find((m) => m.subject === `Demo request: ${practice} (Amara Okafor)`);
  expect(mail?.body).toContain('E-mail: amara@lakeside-fm.com');
  expect(mail?.body).toContain('Interested in: Reputation management & listings, Payments');
  expect(mail?.body).toContain('Campaign (utm_source): e2e');

  // The super user finds the request in the list under super-user settings.
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await signInAs(page, 'superuser');
  await page.goto('/super-user/settings/demo-requests');
  await expect(page.getByRole('table').getByRole('cell', { name: practice })).toBeVisible();
});

test('on a phone the hamburger menu opens the sections, in Spanish too', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => localStorage.setItem('careslot_language', 'es'));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Más participación. Menos costos. Más crecimiento.',
  );
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('navigation', { name: 'Secciones' });
  await expect(menu.getByRole('link')).toHaveCount(12);
  await menu.getByRole('link', { name: /Telemedicina/ }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Videoconsultas sin complicaciones' })).toBeInViewport();
  expect(await axeViolations(page)).toEqual([]);
});
