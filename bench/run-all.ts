/** Runs the benchmarks named on the command line (all when none) and prints their figures as JSON. */
import { bookingBench } from './booking';
import { coldStart } from './cold-start';
import { holds } from './holds';
import { landingLcp } from './landing-lcp';
import { notificationsBench } from './notifications';
import { searchBench } from './search';
import { webBundleBench } from './web-bundle';

const benches: Record<string, () => Promise<unknown>> = {
  'cold-start': coldStart,
  'landing-lcp': landingLcp,
  holds,
  search: searchBench,
  // Reads the web build (npm run build first).
  'web-bundle': webBundleBench,
  // PGlite, and PostgreSQL too when DATABASE_URL is set.
  notifications: notificationsBench,
  // Needs PostgreSQL (DATABASE_URL, default the local server).
  booking: bookingBench,
};

const wanted = process.argv.slice(2);
for (const name of wanted.length ? wanted : Object.keys(benches)) {
  const bench = benches[name];
  if (!bench) {
    console.error(`unknown benchmark '${name}'; known: ${Object.keys(benches).join(', ')}`);
    process.exit(2);
  }
  console.log(JSON.stringify(await bench(), null, 2));
}
