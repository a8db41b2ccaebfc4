/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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

export default defineConfig(({ mode }) => ({
  ...(mode === 'bench-baseline'
    ? { root: here('./bench/baseline'), publicDir: here('./public'), envDir: here('.') }
    : {}),
  resolve: {
    alias: { '@': here('./src') },
  },
  plugins: [
    react(),
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
  ],
  // The vocabulary worker (src/db/vocabulary-worker.ts) is a module worker, like the page.
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      output: {
        // Chunks of Firebase's own code are named so the local edition's precache can skip them.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every(isFirebaseModule)
            ? 'assets/firebase-sdk-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
  preview: { port: 4173, strictPort: true },
  test: {
    include: ['unit/**/*.test.ts', 'unit/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['unit/setup.ts'],
    // No unit test is about time: on a loaded 2-core machine a test that takes 1 s idle may take
    // ten, so the limits only catch a hang (vitest's 5 s default failed two tests under load).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));
