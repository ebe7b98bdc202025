import { expect, test } from '@playwright/test';

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: "THE PAGE YOU WERE LOOKING FOR DOESN'T EXIST" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
});

test('the API documentation lists the calls', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByText('CareSlot API').first()).toBeVisible();
  await expect(page.getByText('/healthz').first()).toBeVisible();
});
