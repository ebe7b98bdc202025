/**
 * The patient pages' initial JavaScript, read from the web build (npm run build): for each page, the app's
 * entry with every chunk it imports statically, plus the page's own lazily loaded route chunk with its
 * static imports, each gzipped. Fails when a page is over 200 KB gzipped or pulls in practice-side code
 * (docs/performance.md, issue 5).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
export const PATIENT_PAGE_BUDGET_BYTES = 200 * 1024;

/** The patient pages and the route module each one opens. */
const PATIENT_PAGES: Record<string, string> = {
  'home (/)': 'src/features/home/routes/HomePage.tsx',
  'provider search (/provider-search)': 'src/features/find-care/routes/ProviderSearchPage.tsx',
  'provider profile (/providers/:id)': 'src/features/provider-profile/routes/ProviderProfilePage.tsx',
  'practice profile (/practice/:nameIdentity)':
    'src/features/provider-profile/routes/PracticeProfilePage.tsx',
  'booking form (/book/book-appointment-form)': 'src/features/booking/routes/BookAppointmentFormPage.tsx',
  'login (/login)': 'src/features/identity/routes/LoginPage.tsx',
};

/** Practice-side code that must never be part of a patient page's initial JavaScript. */
const PRACTICE_SIDE = [
  'src/features/practices/',
  'src/features/support/',
  'src/features/demo-requests/',
  // The practice route module: the practice side's screens and guards, loaded on its first address (decision 0075).
  'src/app/routes/practiceScreens.tsx',
];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface PageBundle {
  page: string;
  chunks: number;
  gzipBytes: number;
  gzipKb: number;
  withinBudget: boolean;
  practiceSideModules: string[];
}

export function webBundle(): { budgetKb: number; pages: PageBundle[] } {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error('no index.html entry in the manifest: run npm run build first');
  const gzipOf = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipOf.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(DIST, file))).length;
      gzipOf.set(file, size);
    }
    return size;
  };
  // A chunk and everything it imports statically (what the browser loads before running it).
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, seen);
    return seen;
  };
  const pages = Object.entries(PATIENT_PAGES).map(([page, route]) => {
    if (!manifest[route]) throw new Error(`${route} is not a chunk of the build: is it still loaded lazily?`);
    const keys = closure(route, closure(entryKey));
    const files = new Set([...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js')));
    const gzipBytes = [...files].reduce((sum, file) => sum + sizeOf(file), 0);
    return {
      page,
      chunks: files.size,
      gzipBytes,
      gzipKb: Math.round((gzipBytes / 1024) * 10) / 10,
      withinBudget: gzipBytes <= PATIENT_PAGE_BUDGET_BYTES,
      practiceSideModules: [...keys].filter((key) => PRACTICE_SIDE.some((prefix) => key.startsWith(prefix))),
    };
  });
  return { budgetKb: PATIENT_PAGE_BUDGET_BYTES / 1024, pages };
}

export async function webBundleBench() {
  const result = webBundle();
  const failed = result.pages.filter((p) => !p.withinBudget || p.practiceSideModules.length > 0);
  if (failed.length > 0) {
    console.error(`over budget or carrying practice-side code: ${failed.map((p) => p.page).join(', ')}`);
    process.exitCode = 1;
  }
  return Promise.resolve(result);
}
