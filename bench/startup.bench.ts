/**
 * Start-up budgets: the JavaScript a guest / local-edition start downloads (gzip, and whether any
 * of it is Firebase code), the total precache size, offline later starts in Chromium with 4x CPU
 * throttling (the app opened again in a new page, and a reload of the page showing it: navigation
 * start to home shown and to the home screen's `app:ready` mark) and the first visit
 * (FCP, LCP and TBT as Lighthouse names them, read from the page's own performance entries, and
 * when home renders against when the vocabulary has installed in its worker).
 * Builds the local edition into dist-bench and, as the floor, a minimal React 19 page built by the
 * same Vite configuration with the same service worker (`--mode bench-baseline`, bench/baseline)
 * into dist-baseline; serves both with `vite preview` and prints our times as ratios to the floor.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
// @ts-expect-error: a plain ES module shared with the npm scripts, without type declarations.
import { findChromium } from '../e2e/support/find-chromium.mjs';
import { median } from './stats';

const ROOT = resolve(import.meta.dirname, '..');

/** A build the benchmark serves and measures. */
export interface Site {
  mode: string;
  dist: string;
  port: number;
  base: string;
}

export const site = (mode: string, out: string, port: number): Site => ({
  mode,
  dist: join(ROOT, out),
  port,
  base: `http://localhost:${port}`,
});
const APP = site('e2e', 'dist-bench', 4193);
const BASELINE = site('bench-baseline', 'dist-baseline', 4194);
/** The cloud edition, built only to measure its precache. */
const CLOUD = site('e2e-cloud', 'dist-bench-cloud', 4195);
const DIST = APP.dist;
const BASE = APP.base;
const VITE = join(ROOT, 'node_modules', '.bin', 'vite');
const RUNS = 10;
const CPU_SLOWDOWN = 4;
/** Long enough for home to keep its snapshot (0.8 s still) before the later starts begin. */
const SNAPSHOT_SETTLE_MS = 2000;
/** Between a launch's page closing and the next opening. */
const LAUNCH_GAP_MS = 1000;
/** A pair of the built-in vocabulary: the chunk that holds it is the vocabulary chunk. */
const VOCABULARY_MARKER = 'Stand by for mooring';
/** Strings only the firebase packages put in a bundle. */
const FIREBASE_MARKERS = ['@firebase/', 'FirebaseError'];
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const p90 = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)] ?? Number.NaN;
const fileOf = (url: string) => join(DIST, new URL(url, BASE).pathname);

interface JsFigures {
  files: number;
  raw: number;
  gzip: number;
  firebase: string[];
}

function measureJs(paths: readonly string[]): JsFigures {
  const figures: JsFigures = { files: 0, raw: 0, gzip: 0, firebase: [] };
  for (const path of new Set(paths)) {
    const bytes = readFileSync(path);
    figures.files++;
    figures.raw += bytes.length;
    figures.gzip += gzipSize(bytes);
    const text = bytes.toString('utf8');
    if (FIREBASE_MARKERS.some((marker) => text.includes(marker))) {
      figures.firebase.push(path.slice(DIST.length + 1));
    }
  }
  return figures;
}

function printJs(label: string, figures: JsFigures): void {
  const firebase = figures.firebase.length ? `YES (${figures.firebase.join(', ')})` : 'none';
  console.log(
    `${label.padEnd(66)} ${kb(figures.gzip).padStart(10)} gzip  ${kb(figures.raw).padStart(10)} raw  (${figures.files} files)  Firebase code: ${firebase}`,
  );
}

/** The entry script and the modulepreload links of index.html: what every start downloads. */
function entryScripts(): string[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const urls: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const script = /^<script\b/.test(tag) && /type="module"/.test(tag);
    const preload = /^<link\b/.test(tag) && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((script || preload) && url) urls.push(url);
  }
  return urls.map(fileOf);
}

/** The URLs of the precache manifest injected into a build's sw.js. */
function precacheUrls(dist = DIST): string[] {
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  return [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] as string);
}

/** A build's precache: its size, and the JS, CSS and HTML files it leaves out. */
function printPrecache(label: string, dist: string): void {
  const fileIn = (url: string) => join(dist, new URL(url, BASE).pathname);
  const precache = precacheUrls(dist);
  const bytes = precache.reduce((sum, url) => sum + statSync(fileIn(url)).size, 0);
  const gzip = precache.reduce((sum, url) => sum + gzipSize(readFileSync(fileIn(url))), 0);
  const listed = new Set(precache.map(fileIn));
  const missing = allFiles(dist)
    .filter((path) => /\.(js|css|html)$/.test(path) && !path.endsWith('sw.js'))
    .filter((path) => !listed.has(path));
  console.log(
    `${label.padEnd(66)} ${kb(gzip).padStart(10)} gzip  ${kb(bytes).padStart(10)} raw  (${precache.length} entries; JS/CSS/HTML not precached: ${missing.length ? missing.map((path) => path.slice(dist.length + 1)).join(', ') : 'none'})`,
  );
}

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? allFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Builds `target` with its mode into its folder (the year bench builds its own site this way). */
export function build(target: Site): void {
  execFileSync(
    VITE,
    [
      'build',
      '--mode',
      target.mode,
      '--outDir',
      target.dist,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

/** Serves `target` with `vite preview` in a process group of its own, once it answers. */
export async function startPreview(target: Site): Promise<ChildProcess> {
  const BASE = target.base;
  const server = spawn(
    VITE,
    [
      'preview',
      '--mode',
      target.mode,
      '--port',
      String(target.port),
      '--strictPort',
      '--outDir',
      target.dist,
    ],
    { cwd: ROOT, stdio: 'ignore', detached: true },
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`vite preview exited (${server.exitCode})`);
    try {
      if ((await fetch(BASE)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`vite preview did not answer on ${BASE}`);
}

export function stopPreview(server: ChildProcess): void {
  if (server.pid === undefined || server.exitCode !== null) return;
  try {
    process.kill(-server.pid, 'SIGTERM'); // its own process group: vite and nothing else
  } catch {
    server.kill('SIGTERM');
  }
}

interface Start {
  ready: number;
  firstPaint: number | null;
  fcp: number | null;
  /** index.html painted home from its snapshot (the app only). */
  snapshot: number | null;
  /**
   * When home was shown: its first contentful paint when index.html painted it from its snapshot
   * (the snapshot is in the page before the first paint), otherwise when the live home rendered.
   */
  shown: number;
  /** The scripts whose loading began before home was shown (from the worker's cache). */
  scriptsBeforeShown: string[];
}

/** A first visit's figures, as Lighthouse names them, from the page's own performance entries. */
interface Visit {
  fcp: number;
  lcp: number;
  /** Total blocking time: what every main-thread task after FCP spent beyond 50 ms. */
  tbt: number;
  /** The home screen (the floor's one screen) rendered. */
  ready: number;
  /** The built-in vocabulary installed (the app only). */
  installed: number | null;
}

/** Collects long tasks and LCP candidates from the start of the page (an init script). */
const OBSERVE = `
  window.__visit = { longTasks: [], lcp: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__visit.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__visit.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/** How long a first visit is watched after its screen (and the vocabulary install) settled. */
const QUIET_MS = 1000;

/**
 * Whether the page sets the performance mark `name` within a minute. Asked through the DevTools
 * protocol with a few lines of script, not with Playwright's `waitForFunction`: that evaluates
 * Playwright's own injected script in the page first, a task of some 50-90 ms at 4x throttling that
 * would count toward the app's TBT (its first paint comes before it; the floor's comes after).
 */
async function markSeen(cdp: CDPSession, name: string): Promise<boolean> {
  const { result } = await cdp.send('Runtime.evaluate', {
    awaitPromise: true,
    returnByValue: true,
    expression: `new Promise((resolve) => {
      const given = setTimeout(() => resolve(false), 60000);
      const look = () => {
        if (performance.getEntriesByName(${JSON.stringify(name)}, 'mark').length === 0) return setTimeout(look, 100);
        clearTimeout(given);
        resolve(true);
      };
      look();
    })`,
  });
  return result.value === true;
}

/** Waits for the page's `app:ready` mark (the live home, or the floor's screen), or throws. */
async function untilReady(cdp: CDPSession, base: string): Promise<void> {
  if (!(await markSeen(cdp, 'app:ready'))) throw new Error(`${base}: no app:ready mark`);
}

/**
 * The first visit of a new device, as Lighthouse's mobile run sees it: a fresh profile each run,
 * no service worker yet, the CPU throttled 4x. Home renders while the vocabulary installs in its
 * worker; the visit is watched until the install is done and a quiet second has passed, so every
 * long task it causes on the page counts toward TBT.
 */
async function firstVisits(BASE: string): Promise<Visit[]> {
  const executablePath: string | null = findChromium();
  if (!executablePath) throw new Error('Chromium not found (see e2e/support/find-chromium.mjs)');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const visits: Visit[] = [];
  try {
    for (let run = 0; run < 5; run++) {
      const context = await browser.newContext({ serviceWorkers: 'block', locale: 'ru-RU' });
      await context.addInitScript(() => localStorage.setItem('marine.splash', 'off'));
      await context.addInitScript(OBSERVE);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(BASE, { waitUntil: 'load' });
      await untilReady(cdp, BASE);
      // The app marks the end of the install; the floor has none (nor does a current database).
      await markSeen(cdp, 'vocabulary:installed');
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      visits.push(
        await page.evaluate<Visit>(`(() => {
          const mark = (name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? null;
          const fcp = performance.getEntriesByName('first-contentful-paint', 'paint')[0]?.startTime ?? 0;
          const tbt = window.__visit.longTasks
            .filter(([start]) => start >= fcp)
            .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
          return { fcp, lcp: window.__visit.lcp, tbt, ready: mark('app:ready'), installed: mark('vocabulary:installed') };
        })()`),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return visits;
}

/** A start's figures, read from the page once its `app:ready` mark is set. */
const startFigures = (page: Page): Promise<Start> =>
  // A string, not a function: tsx would wrap inner helpers in a `__name` the page lacks.
  page.evaluate<Start>(`(() => {
    const mark = (name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? null;
    const ready = mark('app:ready');
    const snapshot = mark('app:snapshot');
    const fcp = performance.getEntriesByName('first-contentful-paint', 'paint')[0]?.startTime ?? null;
    const shown = snapshot !== null && fcp !== null ? fcp : ready;
    const scriptsBeforeShown = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || /\\.js$/.test(entry.name))
      .filter((entry) => entry.startTime < shown)
      .map((entry) => entry.name);
    return { ready, firstPaint: mark('app:first-paint'), fcp, snapshot, shown, scriptsBeforeShown };
  })()`);

async function coldStarts(
  BASE: string,
  loadedAtStart: string[],
  loadedLater: string[],
): Promise<{ launches: Start[]; reloads: Start[] }> {
  const executablePath: string | null = findChromium();
  if (!executablePath) throw new Error('Chromium not found (see e2e/support/find-chromium.mjs)');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow', locale: 'ru-RU' });
    await context.addInitScript(() => localStorage.setItem('marine.splash', 'off'));
    let page = await context.newPage();
    // The page's own script requests (the service worker's precache fetches are not the page's).
    page.on('request', (request) => {
      if (request.resourceType() === 'script') loadedAtStart.push(request.url());
    });

    // First visit online: the worker installs and precaches; it controls the page after a reload.
    await page.goto(BASE, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('app:ready').length > 0);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    page.removeAllListeners('request');
    for (let i = 0; i < 5; i++) {
      if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) break;
      await page.reload({ waitUntil: 'load' });
    }

    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
    if (!controlled) console.log('  (warning: the service worker did not control the page)');
    // Home keeps its snapshot once it has been still a moment (the floor has none).
    await page.waitForTimeout(SNAPSHOT_SETTLE_MS);
    await context.setOffline(true);
    const figures = () => startFigures(page);
    // Reloads of the page as it shows the app: the old page is unloaded first.
    const reloads: Start[] = [];
    const cdp = await context.newCDPSession(page);
    for (let run = 0; run < RUNS; run++) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.reload({ waitUntil: 'load' });
      await untilReady(cdp, BASE);
      reloads.push(await figures());
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
    await page.close();

    // Launches, as a crew member opens the app again: a new page each time, no page open before.
    const launches: Start[] = [];
    for (let run = 0; run < RUNS; run++) {
      page = await context.newPage();
      // The scripts of a later start (from the worker's cache): recorded on the first launch.
      const later = (request: { resourceType(): string; url(): string }) => {
        if (request.resourceType() === 'script') loadedLater.push(request.url());
      };
      if (run === 0) page.on('request', later);
      const session = await context.newCDPSession(page);
      await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(BASE, { waitUntil: 'load' });
      await untilReady(session, BASE);
      launches.push(await figures());
      await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.waitForTimeout(LAUNCH_GAP_MS);
      await page.close();
    }
    return { launches, reloads };
  } finally {
    await browser.close();
  }
}

function printTimes(label: string, values: readonly number[]): void {
  if (!values.length) {
    console.log(`${label.padEnd(66)} (not recorded)`);
    return;
  }
  console.log(
    `${label.padEnd(66)} median ${median(values).toFixed(0).padStart(6)} ms   p90 ${p90(values).toFixed(0).padStart(6)} ms   (n=${values.length})`,
  );
}

/** The JS files a page requested from `base` (its first visit), as paths in `dist`. */
const requestedFiles = (loaded: readonly string[], target: Site) =>
  loaded
    .filter((url) => url.startsWith(target.base))
    .map((url) => join(target.dist, new URL(url).pathname));

const ratio = (ours: readonly number[], floor: readonly number[]) =>
  `${(median(ours) / median(floor)).toFixed(2)}x`;

/** Opens `base` online until its worker controls the page, lets home keep its snapshot, goes offline. */
async function prepareLaterStarts(context: BrowserContext, base: string): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('marine.splash', 'off'));
  const page = await context.newPage();
  await page.goto(base, { waitUntil: 'load' });
  await page.waitForFunction(() => performance.getEntriesByName('app:ready').length > 0);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  for (let i = 0; i < 5; i++) {
    if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) break;
    await page.reload({ waitUntil: 'load' });
  }
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    console.log(`  (warning: the service worker did not control ${base})`);
  }
  await page.waitForTimeout(SNAPSHOT_SETTLE_MS);
  await page.close();
  await context.setOffline(true);
}

/** One later start of `base`: a new page, the CPU throttled, until `app:ready`. */
async function laterStart(context: BrowserContext, base: string): Promise<Start> {
  const page = await context.newPage();
  try {
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(base, { waitUntil: 'load' });
    await untilReady(session, base);
    const start = await startFigures(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return start;
  } finally {
    await page.close();
  }
}

/**
 * `BENCH_STARTUP=later npm run bench -- startup`: the later starts alone, ours and the floor's
 * alternated start by start in one browser, so both meet the same load of a shared machine.
 * `BENCH_STARTUP_AB=<folder>` adds another build of ours (built before a change, say, with
 * `vite build --mode e2e --outDir <folder>`) to the alternation: an A/B comparison in one run.
 * `BENCH_STARTUP_RUNS` sets the starts of each (default 16).
 */
async function benchLaterStarts(): Promise<void> {
  const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 16);
  const other = process.env.BENCH_STARTUP_AB;
  const sites: [string, Site][] = [
    ['ours', APP],
    ['the floor', BASELINE],
  ];
  if (other)
    sites.push([
      'ours, the other build',
      { ...APP, dist: resolve(other), port: 4196, base: 'http://localhost:4196' },
    ]);
  console.log(
    `Offline later starts alone, alternated start by start (${runs} each), ${CPU_SLOWDOWN}x CPU throttling, splash off`,
  );
  build(APP);
  build(BASELINE);
  const executablePath: string | null = findChromium();
  if (!executablePath) throw new Error('Chromium not found (see e2e/support/find-chromium.mjs)');
  const servers: ChildProcess[] = [];
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const contexts: BrowserContext[] = [];
    for (const [, target] of sites) {
      servers.push(await startPreview(target));
      const context = await browser.newContext({ serviceWorkers: 'allow', locale: 'ru-RU' });
      await prepareLaterStarts(context, target.base);
      contexts.push(context);
    }
    const results: Start[][] = sites.map(() => []);
    for (let run = 0; run < runs; run++) {
      for (const [index, [, target]] of sites.entries()) {
        results[index]?.push(await laterStart(contexts[index] as BrowserContext, target.base));
        await new Promise((done) => setTimeout(done, LAUNCH_GAP_MS / 4));
      }
    }
    const floorReady = (results[1] ?? []).map((s) => s.ready);
    const floorShown = (results[1] ?? []).flatMap((s) => s.fcp ?? []);
    for (const [index, [label]] of sites.entries()) {
      const list = results[index] ?? [];
      printTimes(
        `  ${label}: navigation -> home shown`,
        list.map((s) => s.shown),
      );
      printTimes(
        `  ${label}: navigation -> app:ready`,
        list.map((s) => s.ready),
      );
      if (index === 1) continue;
      console.log(
        `${`  ${label}: ratio to the floor (medians): shown, app:ready (goal <= 1.5x)`.padEnd(66)} ${ratio(
          list.map((s) => s.shown),
          floorShown,
        )}  ${ratio(
          list.map((s) => s.ready),
          floorReady,
        )}`,
      );
    }
  } finally {
    await browser.close();
    for (const server of servers) stopPreview(server);
  }
}

export async function benchStartup(): Promise<void> {
  if (process.env.BENCH_STARTUP === 'later') return benchLaterStarts();
  console.log('Start-up (local edition, vite build --mode e2e, gzip level 9)');
  build(APP);
  build(BASELINE);

  // (a) what a start downloads; the vocabulary must not be part of it
  const entry = entryScripts();
  printJs('JS of index.html (entry script + modulepreload), target <= 100 KiB', measureJs(entry));
  const vocabularyChunks = allFiles(join(DIST, 'assets')).filter(
    (path) => path.endsWith('.js') && readFileSync(path, 'utf8').includes(VOCABULARY_MARKER),
  );
  printJs(
    'Built-in vocabulary chunk (loaded only at install or upgrade)',
    measureJs(vocabularyChunks),
  );
  const inEntry = vocabularyChunks.filter((path) => entry.includes(path));
  console.log(
    `${'Vocabulary in the start-up JS'.padEnd(66)} ${inEntry.length ? `YES (${inEntry.join(', ')})` : 'none'}`,
  );

  // (b) the precache of each edition: the local one leaves Firebase's code out
  printPrecache('Precache (sw.js manifest), local edition', DIST);
  build(CLOUD);
  printPrecache('Precache (sw.js manifest), cloud edition (--mode e2e-cloud)', CLOUD.dist);

  // (c) offline cold starts and first visits, ours and the floor's, each on its own server
  const measure = async (target: Site) => {
    const server = await startPreview(target);
    try {
      const loaded: string[] = [];
      const later: string[] = [];
      const { launches, reloads } = await coldStarts(target.base, loaded, later);
      return {
        starts: launches,
        reloads,
        loaded: requestedFiles(loaded, target),
        later: requestedFiles(later, target),
        visits: await firstVisits(target.base),
      };
    } finally {
      stopPreview(server);
    }
  };
  const ours = await measure(APP);
  const floor = await measure(BASELINE);
  printJs(
    'JS a guest start to / actually loads (page requests, first visit)',
    measureJs(ours.loaded),
  );
  printJs('  the floor: a minimal React 19 page, same config and worker', measureJs(floor.loaded));
  printJs(
    'JS a later start (offline, from the cache) loads up to the home screen',
    measureJs(ours.later),
  );
  printJs('  the floor', measureJs(floor.later));
  console.log(
    `${'  ratio to the floor (gzip)'.padEnd(66)} ${(measureJs(ours.later).gzip / measureJs(floor.later).gzip).toFixed(2)}x`,
  );
  // Before home is shown: from its snapshot, that is what loads before the snapshot's paint.
  const beforeShown = (list: Start[], target: Site) =>
    measureJs(requestedFiles(list[0]?.scriptsBeforeShown ?? [], target));
  const oursBefore = beforeShown(ours.starts, APP);
  const floorBefore = beforeShown(floor.starts, BASELINE);
  printJs('JS a later start loads before home is shown', oursBefore);
  printJs('  the floor: before its screen is shown', floorBefore);
  console.log(
    `${'  ratio to the floor (gzip), goal <= 1.5x'.padEnd(66)} ${(oursBefore.gzip / Math.max(1, floorBefore.gzip)).toFixed(2)}x`,
  );
  const starts = (
    heading: string,
    list: readonly Start[],
    floorList: readonly Start[],
    goal: string,
  ) => {
    console.log(heading);
    printTimes(
      '  navigation -> first-contentful-paint',
      list.flatMap((s) => s.fcp ?? []),
    );
    printTimes(
      '  navigation -> app:first-paint mark',
      list.flatMap((s) => s.firstPaint ?? []),
    );
    // Shown: the first contentful paint of the screen (the floor's one screen is its first paint).
    const shown = list.map((s) => s.shown);
    const floorShown = floorList.flatMap((s) => s.fcp ?? []);
    const painted = list.filter((s) => s.snapshot !== null).length;
    printTimes(
      `  navigation -> home shown (from its snapshot in ${painted} of ${list.length} starts)`,
      shown,
    );
    printTimes(
      '  the floor: navigation -> its screen shown (its first contentful paint)',
      floorShown,
    );
    console.log(
      `${`  ratio to the floor (medians)${goal}`.padEnd(66)} ${ratio(shown, floorShown)}`,
    );
    const ready = list.map((s) => s.ready);
    const floorReady = floorList.map((s) => s.ready);
    printTimes('  navigation -> app:ready mark (the live home rendered)', ready);
    printTimes('  the floor: navigation -> its screen rendered (app:ready)', floorReady);
    console.log(`${'  ratio to the floor (medians)'.padEnd(66)} ${ratio(ready, floorReady)}`);
  };
  starts(
    `Offline later start (the app opened again: a new page, none open before), Chromium, ${CPU_SLOWDOWN}x CPU throttling, splash off:`,
    ours.starts,
    floor.starts,
    ', goal <= 1.5x',
  );
  starts(
    `Offline reload (the page showing the app is unloaded first), ${CPU_SLOWDOWN}x CPU throttling, splash off:`,
    ours.reloads,
    floor.reloads,
    '',
  );
  const { visits } = ours;
  const floorVisits = floor.visits;
  const of = (list: readonly Visit[], key: keyof Visit) => list.flatMap((v) => v[key] ?? []);
  console.log(
    `First visit, Chromium, ${CPU_SLOWDOWN}x CPU throttling, a new database each time (figures as Lighthouse names them, from the page's own performance entries):`,
  );
  const visitRow = (label: string, key: keyof Visit, goal: string) => {
    printTimes(`  ${label}`, of(visits, key));
    printTimes(`    the floor`, of(floorVisits, key));
    if (!goal) return;
    const floorMedian = median(of(floorVisits, key));
    console.log(
      `${`    ratio to the floor (medians), goal ${goal}`.padEnd(66)} ${
        floorMedian > 0
          ? ratio(of(visits, key), of(floorVisits, key))
          : `(the floor has none; ours ${median(of(visits, key)).toFixed(0)} ms)`
      }`,
    );
  };
  visitRow('First Contentful Paint', 'fcp', '');
  visitRow('Largest Contentful Paint', 'lcp', '<= 1.25x');
  visitRow(
    'Total Blocking Time (long tasks after FCP, vocabulary install included)',
    'tbt',
    '<= 2x',
  );
  visitRow('navigation -> home screen rendered (app:ready)', 'ready', '');
  printTimes('  navigation -> vocabulary installed (in its worker)', of(visits, 'installed'));
}
