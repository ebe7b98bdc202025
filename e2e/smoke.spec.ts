import { expect, test } from '@playwright/test';

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(
    page.getByRole('heading', { name: "THE PAGE YOU WERE LOOKING FOR DOESN'T EXIST" }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
});

test('the API documentation lists the calls', async ({ page }) => {
  await page.goto('/docs');
  // Swagger UI renders the whole catalogue (about 290 calls) in the browser before it shows the title: on a
  // machine busy with the other journeys that took longer than the usual 10 s (CI, 26 November).
  await expect(page.getByText('CareSlot API').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('/healthz').first()).toBeVisible();
});
