import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { releaseHold } from './support/holds';
import { seedId } from './support/seed';
import { signInAs, type DemoRole } from './support/sign-in';

/**
 * The main pages pass axe-core's WCAG 2.1 A and AA rules without a serious or critical finding, and none of
 * them breaks the content security policy (no inline style without the page's nonce). Each page is checked
 * once its content is there; docs/security.md and README name the rule.
 */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function seriousFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Inline styles the page's content security policy refused (a <style> without the page's nonce, a style
 * attribute in markup), collected from the moment it opens. (zod's one-time probe of whether it may compile
 * validators with new Function is refused by script-src and falls back by design; it is not a style.)
 */
function watchPolicy(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /^Content Security Policy: style-src/.test(message.text()))
      refused.push(message.text());
  });
  return refused;
}

async function openAs(browser: Browser, role: DemoRole | null): Promise<{ page: Page; refused: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const refused = watchPolicy(page);
  await page.addInitScript(() => {
    sessionStorage.setItem('landing_dismissed', '1');
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `Content Security Policy: ${e.violatedDirective} at ${e.sourceFile}:${e.lineNumber} on ${location.pathname}`,
      ),
    );
  });
  if (role) await signInAs(page, role);
  return { page, refused };
}

async function expectAccessible(page: Page, refused: string[], what: string) {
  await page.waitForLoadState('networkidle');
  expect(await seriousFindings(page), `${what}: axe findings`).toEqual([]);
  expect(refused, `${what}: content security policy`).toEqual([]);
}

test.describe('accessibility of the main pages (axe-core, WCAG 2.1 AA: no serious or critical finding)', () => {
  test('home, search results, a provider profile, login and new-account pages', async ({ browser }) => {
    const { page, refused } = await openAs(browser, null);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, refused, 'home');

    await page.goto('/provider-search?specialty[]=Internist');
    await expect(page.locator('[data-slot-id]').first()).toBeVisible();
    await expectAccessible(page, refused, 'search results');

    await page.goto(`/providers/${seedId('demo:person:provider')}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-slot-id]').first()).toBeVisible();
    await expectAccessible(page, refused, 'provider profile');

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login with CareSlot' })).toBeVisible();
    await expectAccessible(page, refused, 'login');

    await page.goto('/account/activation-code-question');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expectAccessible(page, refused, 'activation code question');
    await page.context().close();
  });

  test("the booking form of a held time and the patient's portal", async ({ browser }) => {
    const { page, refused } = await openAs(browser, 'patient');
    await page.goto('/portal');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, refused, 'portal');

    await page.goto(`/providers/${seedId('demo:person:provider')}`);
    const slot = page.locator('[data-slot-id]').first();
    const slotId = (await slot.getAttribute('data-slot-id'))!;
    await slot.click();
    const timeZoneDialog = page.getByRole('dialog', { name: 'Time Zone Difference' });
    const booking = /\/(screening-form|book\/book-appointment-form)$/;
    const asked = await Promise.race([
      timeZoneDialog.waitFor().then(
        () => true,
        () => false,
      ),
      page.waitForURL(booking).then(
        () => false,
        () => false,
      ),
    ]);
    if (asked) await timeZoneDialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(booking);
    await page.goto('/book/book-appointment-form');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expectAccessible(page, refused, 'booking form');
    // The demo provider's time goes back to the other journeys.
    await releaseHold(page, slotId);
    await page.context().close();
  });

  test("a provider's dashboard, appointment requests and calendar", async ({ browser }) => {
    const { page, refused } = await openAs(browser, 'provider');
    await page.goto('/dashboard/doctor');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, refused, 'practice dashboard');

    await page.goto('/dashboard/appointment-requests');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, refused, 'appointment requests');

    const calendar = await page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Your menu' })
      .getByRole('link', { name: 'Calendar' })
      .getAttribute('href');
    await page.goto(calendar!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, refused, 'calendar');
    await page.context().close();
  });
});
