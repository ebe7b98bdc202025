/** Runs the benchmarks named on the command line (all when none) and prints their figures as JSON. */
import { coldStart } from './cold-start';
import { holds } from './holds';
import { landingLcp } from './landing-lcp';
import { searchBench } from './search';

const benches: Record<string, () => Promise<unknown>> = {
  'cold-start': coldStart,
  'landing-lcp': landingLcp,
  holds,
  search: searchBench,
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
