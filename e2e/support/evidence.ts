import type { Locator, Page } from '@playwright/test';

/**
 * Evidence screenshots are for a person to open and look at (the pages at desktop and 375 px). They are taken
 * outside CI, or in CI when E2E_SCREENSHOTS is set; CI's own run skips them, since nothing there reads them and
 * each one renders and encodes a page in software (decision 0078). A journey never asserts through them.
 */
export const TAKE_EVIDENCE = !process.env.CI || Boolean(process.env.E2E_SCREENSHOTS);

type ShotOptions = Parameters<Page['screenshot']>[0] & Parameters<Locator['screenshot']>[0];

export async function evidence(target: Page | Locator, options: ShotOptions): Promise<void> {
  if (TAKE_EVIDENCE) await target.screenshot(options);
}
