/** `npm run bench`: prints the figures of every benchmark. Timings are medians; nothing is asserted. */
import { benchDb } from './db.bench';
import { benchDomain } from './domain.bench';
import { benchStartup } from './startup.bench';
import { benchSync } from './sync.bench';

console.log(`Benchmarks (Node ${process.version})\n`);
await benchDomain();
console.log();
await benchDb();
console.log();
await benchSync();
console.log();
await benchStartup();
