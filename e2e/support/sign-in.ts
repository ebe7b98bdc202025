import { expect, type Page } from '@playwright/test';

/** The demo accounts of docs/demo-accounts.md, by role. */
export const DEMO_ACCOUNTS = {
  patient: { email: 'patient@demo.careslot.health', name: 'Jordan Ellis' },
  provider: { email: 'provider@demo.careslot.health', name: 'Olivia Bennett' },
  staff: { email: 'staff@demo.careslot.health', name: 'Priya Natarajan' },
  admin: { email: 'admin@demo.careslot.health', name: 'Marcus Whitfield' },
  'provider-admin': { email: 'provider-admin@demo.careslot.health', name: 'Daniel Reyes' },
  superuser: { email: 'superuser@demo.careslot.health', name: 'Avery Collins' },
  support: { email: 'support@demo.careslot.health', name: 'Sam Okafor' },
  finance: { email: 'finance@demo.careslot.health', name: 'Robin Hale' },
} as const;
export const DEMO_PASSWORD = 'CareSlot!2026';
/** The legacy EHR's sign-in of a provider of the first practice (EHR practice 1001, vendor 5001). */
export const DEMO_EHR_ACCOUNT = { email: 'ehr-provider@demo.careslot.health' } as const;
export type DemoRole = keyof typeof DEMO_ACCOUNTS;

/** Fills and submits the realm's own login page (the browser is on it). */
export async function submitRealmLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Signs a demo user in the way a person does: the Login page, the realm's login form, back through
 * /callback with PKCE; resolves once the header shows the user's account menu.
 */
export async function signInAs(page: Page, role: DemoRole) {
  const account = DEMO_ACCOUNTS[role];
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login with CareSlot' }).click();
  await expect(page).toHaveURL(/\/realms\/careslot\/login-actions\//);
  await submitRealmLogin(page, account.email, DEMO_PASSWORD);
  await expect(page.getByRole('button', { name: new RegExp(account.name) })).toBeVisible();
}
