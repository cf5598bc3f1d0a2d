// `npm run e2e`: every browser test file, three at a time, the longest first, so that no long file is
// left running alone at the end. (`node --test e2e/` takes them in alphabetical order: the geography's,
// 95 s, started eleventh and the synchronisation's, 58 s, twenty-fifth.) A file not listed here runs
// after the listed ones, in alphabetical order. The output is node --test's (TAP); any failure fails it.
import { readdirSync } from 'node:fs';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';

/** The files' names without `.test.mjs`, by their time in a full run (ci-local of 2026-12-08). */
const LONGEST_FIRST = [
  'geography',
  'card-followups',
  'deliveries',
  'exports',
  'guide',
  'cards',
  'synchronization',
  'reports',
  'screens-day',
  'card-printing',
  'screens',
  'designer-insert',
  'members',
  'field-cards',
];

const folder = new URL('.', import.meta.url).pathname;
const rank = (file) => {
  const at = LONGEST_FIRST.indexOf(file.replace(/\.test\.mjs$/u, ''));
  return at === -1 ? LONGEST_FIRST.length : at;
};
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.test.mjs'))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

const stream = run({ files: files.map((file) => folder + file), concurrency: 3 });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.compose(tap).pipe(process.stdout);
