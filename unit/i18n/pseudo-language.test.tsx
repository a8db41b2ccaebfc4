// @vitest-environment happy-dom
/**
 * A third interface language takes one row of UI_LANGUAGES and one texts file: this test adds a
 * pseudo-language exactly so (a row, and a file generated from English that keeps every
 * `{placeholder}`), switches the interface to it as a learner would, and draws every screen of
 * the route tree through the real router, with a signed-in admin and the built-in vocabulary in
 * the database. No screen may show a text of the English or Russian dictionaries.
 */
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import drillsData from '@/data/drills.json';
import topicNames from '@/data/vocabulary/topic-names.json';
import { readDrills } from '@/domain/drills';
import { RANKS } from '@/domain/ranks';
import { ROLE_LABELS } from '@/domain/roles';
import type { LanguageTexts } from '@/i18n';

const PSEUDO = { code: 'qps', locale: 'en-GB', name: 'Pseudo' } as const;

/** The language's row, added to the real table as a developer would. */
vi.mock('@/domain/settings-schema', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/domain/settings-schema')>();
  const UI_LANGUAGES = [...real.UI_LANGUAGES, PSEUDO];
  const UI_LANGS = UI_LANGUAGES.map((language) => language.code);
  return {
    ...real,
    UI_LANGUAGES,
    UI_LANGS,
    isUiLang: (value: unknown) => UI_LANGS.includes(value as never),
    localeOf: (lang: string) => UI_LANGUAGES.find((row) => row.code === lang)?.locale ?? lang,
  };
});

/** Its texts file, as `src/i18n/languages/qps.ts` would be found and loaded. */
vi.mock('@/i18n/language-files', async () => {
  const { englishTexts, pseudoLocalise } = await import('./pseudo');
  const texts = Object.fromEntries(
    Object.entries(await englishTexts()).map(([key, text]) => [key, pseudoLocalise(text)]),
  );
  return { LANGUAGE_FILES: { qps: async () => texts as LanguageTexts } };
});

const { interfaceTexts, isPseudo, loadInterfaceTexts } = await import('./pseudo');
const { routeTree } = await import('@/routes/tree');
const { Providers } = await import('@/app/providers');
const { getDB, resetDB } = await import('@/db/instance');
const { useAuthStore } = await import('@/stores/auth-store');
const { useSettingsStore } = await import('@/stores/settings-store');
const { useVocabStore } = await import('@/stores/vocab-store');
const { loadDrills } = await import('@/stores/drills-store');

/** Every screen, by the route's path: where to go, and whether it is drawn for a guest. */
const SCREENS: Record<string, { at?: string; guest?: boolean }> = {
  '/': {},
  '/select-division': {},
  '/select-role': { at: '/select-role?division=deck' },
  '/select-topic': { at: '/select-topic?division=deck&role=ab' },
  '/session-setup': {},
  '/quiz': {},
  '/quiz/spelling': {},
  '/topics': {},
  '/dictionary': {},
  '/drills': {},
  '/drills/$drillId': {},
  '/exam': {},
  '/exam/$examId': { at: '/exam/no-such-result' },
  '/verify': {},
  '/fleet': {},
  '/admin/roles': {},
  '/settings': {},
  '/progress': {},
  '/profile': {},
  '/login': { guest: true },
  '/register': { guest: true },
  '/forgot': { guest: true },
};

const ADMIN = {
  id: 'captain',
  email: 'captain@ship.test',
  fullName: 'Ivan Petrov',
  isAdmin: true,
  createdAt: Date.UTC(2025, 0, 1),
  settings: { dailyGoal: 10, uiLang: 'ru' as const, theme: 'light' as const },
};

let root: Root | undefined;
/**
 * Content that may read like an interface text: the built-in topics' English names (a topic named
 * "Safety" beside the drills' situation "Safety") and the languages' names in the language list.
 */
const CONTENT = new Set<string>([...Object.keys(topicNames), 'Русский', 'English']);

/** The radio drills are content too: their situations, speakers and turns (src/data/drills.json). */
for (const drill of readDrills(drillsData).drills) {
  for (const text of [drill.title, drill.setting]) CONTENT.add(text.en);
  for (const turn of drill.turns) {
    CONTENT.add(turn.speaker.en);
    CONTENT.add(turn.en);
    if (turn.task) CONTENT.add(turn.task.en);
  }
}

/**
 * Known gap, not content: the roles' and the ranks' labels are bilingual data of
 * src/domain/roles.ts and ranks.ts, not texts of a language file; a third language shows them in
 * English (`inLanguage`), never empty.
 */
const KNOWN_GAPS = new Set<string>([
  ...Object.values(ROLE_LABELS).map((label) => label.en),
  ...RANKS.flatMap((rank) => [rank.label.en, rank.engineLabel.en]),
]);

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await resetDB();
  const db = await getDB();
  await db.put('users', ADMIN);
  useAuthStore.setState({ user: ADMIN, status: 'ready' });
  await useVocabStore.getState().load();
  // The vocabulary is content too: its words may read like a text of the interface.
  for (const word of useVocabStore.getState().vocab)
    for (const text of [word.langA, word.langB, word.note ?? '', ...(word.alt ?? [])])
      CONTENT.add(text);
  await loadInterfaceTexts();
  // The learner switches the interface to the new language.
  await useSettingsStore.getState().setLang(PSEUDO.code as never);
});

afterAll(async () => {
  await act(async () => root?.unmount());
});

/** Draws the screen at `at` through the app's route tree, once its loaders have run. */
async function draw(at: string): Promise<HTMLElement> {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
  const host = document.createElement('div');
  document.body.append(host);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [at] }),
    defaultPreload: false,
  });
  await router.load();
  root = createRoot(host);
  await act(async () => {
    root?.render(
      <Providers lang={useSettingsStore.getState().lang}>
        <RouterProvider router={router} />
      </Providers>,
    );
  });
  // Lazily loaded screens and the stores' reads settle over a few turns.
  for (let turn = 0; turn < 20; turn += 1) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  expect(router.state.location.pathname, `${at} was drawn where it was asked for`).toBe(
    at.split('?')[0],
  );
  return host;
}

/** The texts a person sees or hears: text nodes, and labels, placeholders and titles. */
function shownTexts(host: HTMLElement): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  for (const element of host.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = element.getAttribute(name)?.trim();
      if (value) texts.push(value);
    }
  }
  return texts;
}

describe('a pseudo-language added as a row and a texts file', () => {
  it('has a case here for every screen of the route tree', () => {
    const router = createRouter({ routeTree });
    const paths = Object.keys(router.routesByPath).filter((path) => path !== '/$');
    expect(paths.sort()).toEqual(Object.keys(SCREENS).sort());
  });

  it.each(Object.entries(SCREENS))('draws %s in it', async (path, screen) => {
    useAuthStore.setState({ user: screen.guest ? null : ADMIN, status: 'ready' });
    let at = screen.at ?? path;
    if (path === '/drills/$drillId') {
      const [first] = await loadDrills();
      at = `/drills/${first?.id}`;
    }
    const shown = shownTexts(await draw(at));
    const foreign = shown.filter(
      (text) =>
        !isPseudo(text) &&
        !CONTENT.has(text) &&
        !KNOWN_GAPS.has(text) &&
        interfaceTexts(text).length > 0,
    );
    expect(
      foreign.map((text) => `${text} = ${interfaceTexts(text).join(' | ')}`),
      `${at}: English or Russian interface texts`,
    ).toEqual([]);
    const pseudo = shown.filter(isPseudo);
    expect(pseudo.length, `${at}: texts in the pseudo-language`).toBeGreaterThan(2);
  });
});
