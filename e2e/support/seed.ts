import type { Page } from '@playwright/test';
import { sessionToken } from './sign-in';

/** The demo seed's stable ids, computed as the seed computes them. */
export { seedId } from '../../apps/server/src/seed/ids';

/** 'YYYY-MM-DD HH:mm:ss' in UTC, the availability query's date format. */
export const utc = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/** The signed-in page's product token, for calling the API as that user (asked afresh: decision 0107). */
export const tokenOf = (page: Page) => sessionToken(page);
