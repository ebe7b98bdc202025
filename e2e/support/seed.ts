import type { Page } from '@playwright/test';

/** The demo seed's stable ids, computed as the seed computes them. */
export { seedId } from '../../apps/server/src/seed/ids';

/** 'YYYY-MM-DD HH:mm:ss' in UTC, the availability query's date format. */
export const utc = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/** The signed-in page's product token, for calling the API as that user. */
export const tokenOf = (page: Page) => page.evaluate(() => sessionStorage.getItem('careslot_token') ?? '');
