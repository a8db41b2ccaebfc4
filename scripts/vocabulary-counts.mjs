// Prints the counts of the built-in vocabulary as Markdown tables (per division, per topic, per
// role, per reference family), as docs/vocabulary.md lists them: `node scripts/vocabulary-counts.mjs`.
import { readFileSync } from 'node:fs';

const FILES = ['common', 'deck', 'bridge', 'engine', 'galley'];
const ROLES = {
  deck: ['bosun', 'ab', 'os'],
  engine: ['watch_eng', '2e', '3e', 'ce', 'motorman', 'oiler', 'fitter'],
  bridge: ['master', 'chief_officer', '2o', '3o'],
  galley: ['cook', 'steward'],
};

const rows = FILES.flatMap((file) =>
  JSON.parse(readFileSync(new URL(`../src/data/vocabulary/${file}.json`, import.meta.url), 'utf8')),
);
const sees = (row, division, role) =>
  (row.division === division || row.division === 'common') &&
  (row.roles.length === 0 || row.roles.includes(role));

console.log(`Total: ${rows.length} pairs\n`);
console.log('| division | pairs | topics |\n|---|---|---|');
for (const file of FILES) {
  const mine = rows.filter((row) => row.division === file);
  console.log(`| ${file} | ${mine.length} | ${new Set(mine.map((row) => row.topic)).size} |`);
}
console.log('\n| division | role | words the role studies (with the common core) |\n|---|---|---|');
for (const [division, roles] of Object.entries(ROLES)) {
  for (const role of roles) {
    console.log(
      `| ${division} | ${role} | ${rows.filter((row) => sees(row, division, role)).length} |`,
    );
  }
}
console.log('\n| division | topic | pairs |\n|---|---|---|');
for (const file of FILES) {
  const counts = new Map();
  for (const row of rows.filter((r) => r.division === file)) {
    counts.set(row.topic, (counts.get(row.topic) ?? 0) + 1);
  }
  for (const [topic, count] of counts) console.log(`| ${file} | ${topic} | ${count} |`);
}
const family = (ref) => (/^SMCP/.test(ref) ? 'IMO SMCP' : ref.split(/[ /(]/)[0]);
const refs = new Map();
for (const row of rows) refs.set(family(row.ref), (refs.get(family(row.ref)) ?? 0) + 1);
console.log('\n| reference | pairs |\n|---|---|');
for (const [ref, count] of [...refs].sort((a, b) => b[1] - a[1]))
  console.log(`| ${ref} | ${count} |`);
