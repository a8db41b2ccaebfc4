/**
 * `npm run bench`: prints the figures of every benchmark. Timings are medians; nothing is asserted.
 * `npm run bench -- memory` (any section names: domain, choices, db, sync, memory, exam, fleet, startup, year) runs only
 * those.
 */
import { benchChoices } from './choices.bench';
import { benchDb } from './db.bench';
import { benchDomain } from './domain.bench';
import { benchExam } from './exam.bench';
import { benchFleet } from './fleet.bench';
import { benchMemory } from './memory.bench';
import { benchStartup } from './startup.bench';
import { benchSync } from './sync.bench';
import { benchYear } from './year.bench';

const SECTIONS: Record<string, () => Promise<void>> = {
  domain: benchDomain,
  choices: benchChoices,
  db: benchDb,
  sync: benchSync,
  memory: benchMemory,
  exam: benchExam,
  fleet: benchFleet,
  startup: benchStartup,
  year: benchYear,
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in SECTIONS));
if (unknown.length > 0) {
  console.error(
    `Unknown bench section: ${unknown.join(', ')} (sections: ${Object.keys(SECTIONS).join(', ')})`,
  );
  process.exit(2);
}

console.log(`Benchmarks (Node ${process.version})\n`);
let first = true;
for (const [name, run] of Object.entries(SECTIONS)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  if (!first) console.log();
  first = false;
  await run();
}
