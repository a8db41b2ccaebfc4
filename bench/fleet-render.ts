/**
 * The fleet dashboard's render, timed on the page's thread: the real components (the vessel cards,
 * a vessel's crew, the whole fleet's crew table with its panels) rendered with React into
 * happy-dom in Node, each render one synchronous task (flushSync), so its time is the longest task
 * it makes. Run by fleet.bench.ts as a process of its own (a DOM in globals must not reach the
 * other benches): `tsx bench/fleet-render.ts <copy.json>`; prints one line of JSON. The app's
 * modules are loaded through Vite (they use `import.meta.glob`); React itself from node_modules.
 * happy-dom builds the DOM but lays nothing out and paints nothing: a browser adds its layout.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { GlobalWindow } from 'happy-dom';
import { createServer } from 'vite';
import type { FleetDashboardMeta } from '@/db/schema';
import type { CrewRow } from '@/domain/fleet-summary';
import { median } from './stats';

type Copy = Omit<FleetDashboardMeta, 'key' | 'loadedAt'>;

const RUNS = 7;

function installDom() {
  const window = new GlobalWindow({ url: 'http://localhost/' });
  const global = globalThis as Record<string, unknown>;
  for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(window))) {
    if (key in globalThis) continue;
    Object.defineProperty(globalThis, key, { ...descriptor, configurable: true });
  }
  global.window = window;
  global.document = window.document;
  Object.defineProperty(globalThis, 'navigator', { value: window.navigator, configurable: true });
  return window;
}

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('usage: fleet-render.ts <copy.json>');
  const copy = JSON.parse(readFileSync(file, 'utf8')) as Copy & { now: number };
  const window = installDom();
  // React's production build, as the app ships it (the development build checks every element).
  process.env.NODE_ENV = 'production';
  // After the DOM: react-dom decides at import whether it runs in a browser.
  const { createElement } = await import('react');
  const { flushSync } = await import('react-dom');
  const { createRoot } = await import('react-dom/client');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const vite = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    appType: 'custom',
    mode: 'production',
    server: { middlewareMode: true, hmr: false, ws: false },
    resolve: { alias: { '@': join(root, 'src') } },
  });
  const load = (path: string) => vite.ssrLoadModule(path);
  const { I18nProvider, loadTexts } = (await load('/src/i18n/index.ts')) as typeof import('@/i18n');
  const { VesselCards } = (await load(
    '/src/features/fleet/vessel-cards.tsx',
  )) as typeof import('@/features/fleet/vessel-cards');
  const { VesselView } = (await load(
    '/src/features/fleet/vessel-view.tsx',
  )) as typeof import('@/features/fleet/vessel-view');
  await loadTexts('fleet');

  const vesselNames = new Map(copy.vessels.map((vessel) => [vessel.id, vessel.name]));
  const allCrew: CrewRow[] = Object.values(copy.crew).flat();
  const firstVessel = copy.vessels[0];
  const noop = () => {};

  /**
   * The longest task while React finishes what it deferred (the vessel panels): the longest gap
   * between probes queued one after another, for 250 ms.
   */
  async function settle(): Promise<number> {
    let last = performance.now();
    const until = last + 250;
    let longest = 0;
    while (performance.now() < until) {
      await new Promise((resolve) => setImmediate(resolve));
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }
    return longest;
  }

  /**
   * One mount timed (the render, its commit and the DOM it builds, then the deferred panels), then
   * an optional step: each figure the longest task it took.
   */
  async function time(
    element: () => ReturnType<typeof createElement>,
    step?: (host: HTMLElement) => void,
  ) {
    const mounts: number[] = [];
    const steps: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const host = window.document.createElement('div') as unknown as HTMLElement;
      window.document.body.append(host as never);
      const root = createRoot(host);
      let started = performance.now();
      flushSync(() =>
        root.render(createElement(I18nProvider, { lang: 'ru', children: element() })),
      );
      mounts.push(Math.max(performance.now() - started, await settle()));
      if (step) {
        started = performance.now();
        flushSync(() => step(host));
        steps.push(Math.max(performance.now() - started, await settle()));
      }
      root.unmount();
      host.remove();
    }
    return {
      median: median(mounts),
      max: Math.max(...mounts),
      step: steps.length > 0 ? median(steps) : undefined,
      stepMax: steps.length > 0 ? Math.max(...steps) : undefined,
    };
  }
  const nextPage = (host: HTMLElement) => {
    const next = [...host.querySelectorAll('button')].find((button) =>
      button.textContent?.includes('Следующая страница'),
    );
    next?.click();
  };

  const cards = await time(
    () =>
      createElement(VesselCards, {
        vessels: copy.vessels,
        crew: copy.crew,
        now: copy.now,
        onOpen: noop,
      }),
    nextPage,
  );
  const vessel = await time(() =>
    createElement(VesselView, {
      name: firstVessel?.name ?? '',
      rows: copy.crew[firstVessel?.id ?? ''] ?? [],
      now: copy.now,
      onBack: noop,
    }),
  );
  const fleet = await time(
    () =>
      createElement(VesselView, {
        name: 'fleet',
        title: 'fleet',
        rows: allCrew,
        vesselNames,
        now: copy.now,
        onBack: noop,
      }),
    nextPage,
  );
  console.log(JSON.stringify({ cards, vessel, fleet }));
  await vite.close();
  await window.happyDOM.abort();
  window.close();
}

await main();
