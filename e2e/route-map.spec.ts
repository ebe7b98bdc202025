import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/sign-in';

/**
 * Issue 17 items 4 and 5: every route of the spec's route map (patient-booking.md §2.1) answers with a page, never
 * the 404 page; the legal pages say what §1 says they state and their signup PDFs open; "About us" opens an about
 * page, not the doctors' marketing page.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const NOT_FOUND = "THE PAGE YOU WERE LOOKING FOR DOESN'T EXIST";

async function expectAPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main, #root').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(NOT_FOUND)).toHaveCount(0);
}

test('signed out, each route of the map answers with its page, not the 404 page', async ({ page }) => {
  const expectations: [string, RegExp, string | RegExp][] = [
    ['/privacy-policy', /\/privacy-policy$/, 'Privacy Policy'],
    ['/terms-of-use', /\/terms-of-use$/, 'Terms of Use'],
    ['/about-us', /\/about-us$/, 'About CareSlot'],
    ['/signup', /\/account\/activation-code-question$/, 'Create New Account'],
    ['/account/signup', /\/account\/activation-code-question$/, 'Create New Account'],
    ['/social-signup', /\/social-signup$/, 'Sign up with a social account'],
    ['/account/social-signup', /\/account\/social-signup$/, 'Sign up with a social account'],
    ['/patient', /\/login$/, 'Use your CareSlot Account'],
    ['/patient/settings/edit', /\/login$/, 'Use your CareSlot Account'],
    ['/user', /\/login$/, 'Use your CareSlot Account'],
    ['/providers', /\/provider-search/, /.+/],
    ['/mobile', /\/mobile$/, 'CareSlot on your phone'],
    ['/appointment-action', /\/appointment-action$/, 'Confirm your appointment'],
  ];
  for (const [path, url, heading] of expectations) {
    await expectAPage(page, path);
    await expect(page, path).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first(), path).toBeVisible();
  }
});

test("a patient's routes lead to the portal and its settings; /user is the user's home", async ({ page }) => {
  await signInAs(page, 'patient');
  for (const [path, url] of [
    ['/patient', /\/portal$/],
    ['/patient/settings/edit', /\/portal\/profile$/],
    ['/patient/settings', /\/portal\/profile$/],
    ['/user', /\/portal$/],
  ] as const) {
    await expectAPage(page, path);
    await expect(page, path).toHaveURL(url);
  }
});

test('a staff member at /staff-member reaches their calendar', async ({ page }) => {
  await signInAs(page, 'staff');
  await expectAPage(page, '/staff-member');
  await expect(page).toHaveURL(/\/staff-member\/calendar$/);
});

test('appointment-action clears the stored login on load and a link without its parts is refused plainly', async ({
  page,
}) => {
  await signInAs(page, 'patient');
  expect(await page.evaluate(() => localStorage.getItem('user_type'))).toBe('Patient');
  await page.goto('/appointment-action?id=7d0f3b56-2d6e-4a43-9d4c-3f1f3c1e9a11&action=cancel');
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel your appointment' })).toBeVisible();
  await expect(
    page.getByText('This link is not valid or has expired. Sign in to manage your appointments.'),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('login_response'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('user_type'))).toBeNull();
});

test('the legal pages state what the spec says, in the footer and in Spanish; About us opens the about page', async ({
  page,
}) => {
  await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  await page.goto('/provider-search');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Terms of Use' }).click();
  await expect(page).toHaveURL(/\/terms-of-use$/);
  await expect(page).toHaveTitle('Terms of Use | CareSlot');
  await expect(page.getByText('CareSlot is not for medical emergencies.', { exact: false })).toBeVisible();
  await expect(page.getByText('CareSlot is not for users under 16.', { exact: false })).toBeVisible();
  await expect(
    page.getByText('governed by the laws of the State of New York', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download as PDF' })).toHaveAttribute(
    'href',
    '/terms-of-use-signup.pdf',
  );

  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(
    page.getByRole('heading', { level: 2, name: '4. We do not sell your personal data' }),
  ).toBeVisible();
  await expect(page.getByText('CareSlot is not for users under 16', { exact: false })).toBeVisible();

  await footer.getByRole('link', { name: 'About us' }).click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About CareSlot' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about-us$/);

  await page.evaluate(() => localStorage.setItem('careslot_language', 'es'));
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: '4. No vendemos sus datos personales' }),
  ).toBeVisible();
  await expect(
    page.getByRole('contentinfo').getByText(/© \d{4} CareSlot\. Todos los derechos reservados\./),
  ).toBeVisible();
});

test('the signup PDFs beside the registration\'s "I agree" boxes open as PDF documents', async ({ page }) => {
  await page.goto('/account/activation-code-question');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveTitle('Create Account - CareSlot');
  for (const [name, href, words] of [
    [/Terms of Use/, '/terms-of-use-signup.pdf', 'CareSlot is not for users under 16.'],
    [/Privacy Policy/, '/privacy-policy-signup.pdf', 'CareSlot does not sell your personal data'],
  ] as const) {
    const link = page.locator('form').getByRole('link', { name });
    await expect(link).toHaveAttribute('href', href);
    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    const body = (await response.body()).toString('latin1');
    expect(body.startsWith('%PDF-1.4')).toBe(true);
    expect(body.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(body).toContain(words);
  }
  // The realm page's own footer links open the web pages.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});
