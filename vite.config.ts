/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { configDefaults } from 'vitest/config';
import type { FirstVisit } from './src/app/prerender';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Unit test folders whose files run one after another in a worker without a fresh module graph. */
const SHARED_MODULE_TESTS = [
  'unit/domain/**',
  'unit/sync/**',
  'unit/data/**',
  'unit/architecture/**',
  'unit/routes/**',
].map((folder) => `${folder}/*.test.{ts,tsx}`);

/**
 * `--mode bench-baseline` builds the start-up benchmark's floor with this same configuration: a
 * minimal React page (bench/baseline) with the same plugins, service worker and precache.
 */
/** Firebase's own code (the SDK packages): its chunks are named `firebase-sdk-*` (see `build`). */
const isFirebaseModule = (id: string) => /[\\/]node_modules[\\/]@?firebase[\\/]/.test(id);

/**
 * Whether this mode builds the cloud edition: the same rule as src/firebase/config.ts (an
 * API key and a project id). The local edition never loads Firebase, so its service worker does
 * not precache the Firebase chunks.
 */
function isCloudEdition(mode: string): boolean {
  const env = loadEnv(mode, here('.'), 'VITE_');
  return Boolean(env.VITE_FIREBASE_API_KEY?.trim() && env.VITE_FIREBASE_PROJECT_ID?.trim());
}

/**
 * A guest's home and the splash as the app draws them on a first visit, and the message for an
 * application that cannot be loaded (src/app/prerender.tsx),
 * rendered in Node through Vite's module loader with this build's mode.
 */
async function renderFirstVisit(mode: string): Promise<FirstVisit> {
  const server = await createServer({
    configFile: false,
    mode,
    root: here('.'),
    envDir: here('.'),
    resolve: { alias: { '@': here('./src') } },
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = await server.ssrLoadModule('/src/app/prerender.tsx');
    return (await module.renderFirstVisit()) as FirstVisit;
  } finally {
    await server.close();
  }
}

/**
 * The first paint of a start (src/ui/home-snapshot.ts): the built index.html carries the entry's
 * styles inline and its own script starts the entry (fetched at once through a modulepreload
 * link marked `data-entry`), after the first frame when it painted home. So home is on the
 * screen before React is evaluated, with no stylesheet request to wait for. Home is the
 * snapshot of the last start, or on a device that has never shown home the first visit's home,
 * rendered here into templates (with the splash, and the message the page shows when the entry
 * cannot be loaded).
 */
function firstPaint(mode: string): Plugin {
  return {
    name: 'marine:first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        if (!bundle) return html;
        const visit = await renderFirstVisit(mode);
        // As a snapshot keeps them (src/ui/home-snapshot.ts, SNAPSHOT_STYLE): the page's
        // Content-Security-Policy refuses style attributes; index.html's script sets these.
        const styleAsData = (markup: string) => markup.replace(/ style="/g, ' data-style="');
        const templates = [
          `<template id="first-visit" data-lang="${visit.lang}">${styleAsData(visit.html)}</template>`,
          `<template id="first-visit-splash">${styleAsData(visit.splash)}</template>`,
          `<template id="start-failed">${visit.failed}</template>`,
        ];
        html = html.replace(
          '<div id="root"></div>',
          ['<div id="root"></div>', ...templates].join('\n    '),
        );
        const styled = html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = bundle[file];
            if (asset?.type !== 'asset') return tag;
            // The link stays, disabled (never fetched): chunks that list this stylesheet among
            // their dependencies find it in the page and do not load it a second time.
            return `<style>${String(asset.source)}</style>${tag.replace(/>$/, ' disabled>')}`;
          },
        );
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        if (!entry.test(styled))
          throw new Error('marine:first-paint: no entry script in index.html');
        return styled.replace(entry, '<link rel="modulepreload" crossorigin href="$1" data-entry>');
      },
    },
  };
}

/**
 * The application chunk in one file: the modules that `src/app/app.tsx` needs statically and the
 * entry does not already hold. Left to the automatic splitting they come as some 25 small shared
 * chunks, each a request the page's thread sends (about 2 ms each on this machine, 8 ms on a slow
 * phone) and each wave of imports one more round trip on a first visit. `startChunk.holds` is
 * the test of the `app` group in `build.rollupOptions.output.codeSplitting`: it reads the module
 * graph this plugin walks when the build has loaded every module. Screens loaded later import
 * what they share from this chunk, which every start has already loaded.
 */
function startChunk(): Plugin & { holds: (id: string) => boolean } {
  const held = new Set<string>();
  const app = here('./src/app/app.tsx');
  const entry = here('./src/main.tsx');
  return {
    name: 'marine:start-chunk',
    apply: 'build',
    buildEnd() {
      const closure = (from: string) => {
        const seen = new Set<string>();
        const walk = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
        };
        walk(from);
        return seen;
      };
      held.clear();
      if (!this.getModuleInfo(app)) return;
      const first = closure(entry);
      for (const id of closure(app)) {
        if (!first.has(id) && !isFirebaseModule(id)) held.add(id);
      }
    },
    holds: (id) => held.has(id),
  };
}

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines read a comment): every function
 * of the chunks a start runs (the entry, and the application chunk) is compiled when the file is,
 * off the page's thread while it streams in, not one by one on the page's thread when a start
 * first calls it: on a first visit here, the page's thread compiled for ≈ 18 ms instead of ≈ 81
 * (docs/benchmarks.md). The hint must be the file's first line, so it is put on the finished
 * chunk.
 */
function compileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'marine:compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own, which puts the dynamic imports' dependency list at the top.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !(chunk.isEntry || chunk.name === 'app')) continue;
          chunk.code = HINT + chunk.code;
        }
      },
    },
  };
}

/**
 * Firebase's endpoints the cloud edition calls: Auth's sign-in and account calls, its token
 * refresh, and Firestore Lite's REST API. The app uses no popup or redirect sign-in, so Auth needs
 * no frame and no script from Google.
 */
const FIREBASE_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://firestore.googleapis.com',
];

/**
 * The origins the page and its workers may connect to besides its own: none in the local
 * edition; Firebase's, and the emulators the build names (`host:port` or a URL, as
 * src/firebase/config.ts reads them), in the cloud edition.
 */
export function connectSources(mode: string): string[] {
  if (!isCloudEdition(mode)) return [];
  const env = loadEnv(mode, here('.'), 'VITE_');
  const emulators = [env.VITE_FIREBASE_AUTH_EMULATOR, env.VITE_FIRESTORE_EMULATOR]
    .map((value) => value?.trim())
    .filter((value): value is string => Boolean(value))
    .map((value) => new URL(/^https?:\/\//.test(value) ? value : `http://${value}`).origin);
  return [...FIREBASE_ORIGINS, ...new Set(emulators)];
}

/**
 * The base64 SHA-256 source expression of an inline script's or style's text as the browser
 * hashes it: after its parser has turned every CR LF and CR into LF (a checkout with Windows line
 * endings must not build a page whose script the policy refuses).
 */
const hashSource = (text: string) =>
  `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`;

/** The policy's meta tag in a built index.html (the preview server sends the same as a header). */
const POLICY_META = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/;

/**
 * `html` with its Content-Security-Policy as the first element after the charset (before anything
 * it governs): scripts and styles of this origin plus the page's inline ones by hash, connections
 * to this origin and `connect`. Template contents are not trusted: they never run nor apply
 * (index.html's script paints them as it paints a snapshot, rebuilt, styles through the style
 * object).
 */
export function withPolicy(html: string, connect: readonly string[]): string {
  const live = html.replace(/<template\b[\s\S]*?<\/template>/g, '');
  const inline = (tag: string) =>
    [...live.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))]
      .filter((match) => !/\ssrc=/.test(match[1] ?? ''))
      .map((match) => hashSource(match[2] ?? ''));
  const policy = [
    "default-src 'self'",
    ["script-src 'self'", ...inline('script')].join(' '),
    ["style-src 'self'", ...inline('style')].join(' '),
    "img-src 'self'",
    ["connect-src 'self'", ...connect].join(' '),
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const charset = /<meta charset="UTF-8" \/>/;
  if (!charset.test(html)) throw new Error('marine:content-security-policy: no charset meta');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
  return html.replace(charset, (tag) => `${tag}\n    ${meta}`);
}

/**
 * The Content-Security-Policy of the built app (docs/architecture.md, "Security"): scripts and
 * styles of this origin, plus the inline ones the built index.html keeps, each by the SHA-256 of
 * its text (no `unsafe-inline`, no `unsafe-eval`); connections to this origin and, in the cloud
 * edition, Firebase's. It is a meta tag in index.html (static hosting sends no headers of its
 * own), and `vite preview` (`npm start`, the end-to-end tests) also sends it as a header, with
 * `frame-ancestors`, which a meta tag cannot carry.
 */
function contentSecurityPolicy(mode: string): Plugin {
  let outDir = 'dist';
  return {
    name: 'marine:content-security-policy',
    // Not the dev server, whose page runs inline scripts of its own (the React refresh).
    apply: (_config, { command, isPreview }) => command === 'build' || Boolean(isPreview),
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => withPolicy(html, connectSources(mode)),
    },
    configurePreviewServer(server) {
      // Read again whenever the build changes under a running preview: a header with an old
      // hash would refuse the new page's script.
      const file = resolve(outDir, 'index.html');
      let kept: { at: number; header: string | undefined } | undefined;
      const header = () => {
        const at = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
        if (kept?.at !== at) {
          const policy = at ? POLICY_META.exec(readFileSync(file, 'utf8'))?.[1] : undefined;
          kept = { at, header: policy && `${policy}; frame-ancestors 'none'` };
        }
        return kept.header;
      };
      server.middlewares.use((_request, response, next) => {
        const value = header();
        if (value) response.setHeader('Content-Security-Policy', value);
        next();
      });
    },
  };
}

/** One per build process: each build walks its own graph again (`buildEnd`). */
const start = startChunk();

/**
 * The code the progress figures are worked out by (db/history-figures.ts and what it folds with),
 * as a hash of its source: progress figures kept by a build of other code are not used. The same
 * in the page's bundle and the history worker's, which minify it differently.
 */
const FIGURES_CODE = createHash('sha256')
  .update(
    [
      'db/history-figures.ts',
      'domain/fold-checkpoint.ts',
      'domain/history.ts',
      'domain/hlc.ts',
      'domain/drills.ts',
      'domain/history-snapshot.ts',
      'domain/constants.ts',
      'domain/progress-charts.ts',
      'domain/exam.ts',
      'domain/history-fold.ts',
      'domain/memory.ts',
      'domain/fsrs.ts',
      'domain/srs.ts',
    ]
      .map((file) => readFileSync(here(`./src/${file}`), 'utf8'))
      .join('\n'),
  )
  .digest('base64url')
  .slice(0, 12);

export default defineConfig(({ mode }) => ({
  ...(mode === 'bench-baseline'
    ? { root: here('./bench/baseline'), publicDir: here('./public'), envDir: here('.') }
    : {}),
  resolve: {
    alias: { '@': here('./src') },
  },
  define: { __FIGURES_CODE__: JSON.stringify(FIGURES_CODE) },
  plugins: [
    react(),
    // The floor keeps Vite's plain index.html.
    ...(mode === 'bench-baseline' ? [] : [firstPaint(mode), start]),
    // The floor too: it is a build setting, not a part of the app.
    compileHints(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: here('./sw'),
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // Icons and the favicon are precached by globPatterns (PNG and SVG are in it);
      // includeAssets and the manifest icons would list them a second time.
      includeManifestIcons: false,
      // The install manifest; the plugin writes manifest.webmanifest and links it from index.html.
      // The colours match the theme-color meta tag and the splash (scripts/make-icons.mjs draws
      // the icons and screenshots).
      manifest: {
        id: '/',
        name: 'Морской английский — тренажёр для экипажа',
        short_name: 'Мор. английский',
        description:
          'Морской английский для экипажа: слова и команды, тесты, интервальное повторение. Работает без сети.',
        lang: 'ru',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0b3d5c',
        background_color: '#0b3d5c',
        categories: ['education'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-192.png',
            sizes: '192x192',
            type: 'image/png',
            purpose: 'maskable',
          },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        screenshots: [
          {
            src: '/screenshots/home-phone.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Главный экран на телефоне: цель дня, повторения и звание',
          },
          {
            src: '/screenshots/home-tablet.png',
            sizes: '1024x768',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Главный экран на планшете мостика: цель дня, повторения и звание',
          },
        ],
      },
      injectManifest: {
        // A classic-script worker: one self-contained file (the worker-side sync inlines its
        // imports), with no `import.meta` left in it.
        rollupFormat: 'iife',
        // The plugin adds manifest.webmanifest itself.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,json}'],
        // The store screenshots (a third of the precache) are shown by install dialogs, which
        // fetch them online; no screen of the app shows them.
        // The local edition leaves Firebase's chunks out: no screen of it loads them.
        globIgnores: [
          'screenshots/**',
          ...(isCloudEdition(mode) ? [] : ['assets/firebase-sdk-*.js']),
        ],
        // Nothing is silently left out of the precache: the default limit is 2 MiB.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // Last: it hashes the inline scripts and styles every other plugin has left in index.html.
    ...(mode === 'bench-baseline' ? [] : [contentSecurityPolicy(mode)]),
  ],
  // The vocabulary worker (src/db/vocabulary-worker.ts) is a module worker, like the page.
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Vite preloads a dynamic import's dependencies by adding a <link rel=modulepreload> per
    // chunk when the import runs: some 30 links for the application chunk or a screen, 30 ms of
    // the page's thread on a slow phone in the very task that starts the app. The imports load
    // them anyway, from the service worker's cache after the first visit.
    modulePreload: {
      resolveDependencies: (_file, dependencies, { hostType }) =>
        hostType === 'js' ? dependencies.filter((file) => file.endsWith('.css')) : dependencies,
    },
    rollupOptions: {
      output: {
        // Chunks of Firebase's own code are named so the local edition's precache can skip them.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every(isFirebaseModule)
            ? 'assets/firebase-sdk-[hash].js'
            : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [{ name: 'app', test: start.holds, includeDependenciesRecursively: false }],
        },
      },
    },
  },
  preview: { port: 4173, strictPort: true },
  test: {
    environment: 'node',
    setupFiles: ['unit/setup.ts'],
    // No unit test is about time: on a loaded 2-core machine a test that takes 1 s idle may take
    // ten, so the limits only catch a hang (vitest's 5 s default failed two tests under load).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One worker a core: vitest's default (a core less) ran the suite on one core of a 2-core
    // machine: 122 s, against 70–81 s with two.
    maxWorkers: '100%',
    // Worker threads rather than vitest's default child processes: the same suite took 11 % less
    // processor time (151.6 s against 170.3 s, one after the other on one machine).
    pool: 'threads',
    projects: [
      // Tests of pure rules, the sync against in-memory remotes and the sources share a worker's
      // modules from file to file (no store or database connection of the app's is held between
      // them; checked in shuffled orders): 17–18 s against 26 s alone.
      { extends: true, test: { name: 'shared', include: SHARED_MODULE_TESTS, isolate: false } },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['unit/**/*.test.ts', 'unit/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...SHARED_MODULE_TESTS],
        },
      },
    ],
  },
}));
