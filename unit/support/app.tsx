/**
 * The app's screens in happy-dom: the real route tree (guards, loaders, lazy screens) under a
 * memory history, the app's providers, the database in fake-indexeddb (the built-in vocabulary
 * installed once per test file) and the local edition's accounts with cheap password hashes.
 * For what a person sees and does on a screen, without a browser.
 */
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Providers } from '@/app/providers';
import { createLocalAuth } from '@/auth/local-auth';
import { hashPassword } from '@/auth/password';
import { getDB, openDB } from '@/db/instance';
import { DEFAULT_THEME, DEFAULT_UI_LANG, isTheme, isUiLang } from '@/domain/settings-schema';
import { routeTree } from '@/routes/tree';
import { useAuthStore } from '@/stores/auth-store';
import { applyTheme, LANG_KEY, THEME_KEY, useSettingsStore } from '@/stores/settings-store';
import { useToastStore } from '@/stores/toast-store';
import { useVocabStore } from '@/stores/vocab-store';
import { byLabel, byRole, click, fill, until } from './screen';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Cheap hashes: what is checked is the form's behaviour, not the hash's cost. */
const TEST_ITERATIONS = 1_000;

export interface OpenedApp {
  host: HTMLElement;
  router: ReturnType<typeof makeRouter>;
  /** The path and search the router shows. */
  path(): string;
  close(): Promise<void>;
}

const makeRouter = (path: string) =>
  createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultPreload: false,
  });

let current: OpenedApp | null = null;

/** The administrator code of these tests (the e2e build's, hashed cheaply here). */
export const ADMIN_CODE = 'e2e harbour master code';
const adminCode = hashPassword(ADMIN_CODE, TEST_ITERATIONS);

/** The database opened, the vocabulary installed and loaded, and a fresh signed-out session. */
export async function startDevice(): Promise<void> {
  // A page load starts with no toasts of the page before.
  useToastStore.setState({ toasts: [] });
  // The theme and language a page load reads from this device.
  const theme = localStorage.getItem(THEME_KEY) ?? '';
  const lang = localStorage.getItem(LANG_KEY) ?? '';
  useSettingsStore.setState({
    theme: isTheme(theme) ? theme : DEFAULT_THEME,
    lang: isUiLang(lang) ? lang : DEFAULT_UI_LANG,
  });
  await getDB();
  await useVocabStore.getState().load();
  useAuthStore.setState({
    status: 'loading',
    user: null,
    provider: createLocalAuth({
      getDB: openDB,
      iterations: TEST_ITERATIONS,
      adminCode: await adminCode,
    }),
  });
  await useAuthStore.getState().init();
}

/** Opens `path` as a page load does: the session restored, the route loaded, the screen shown. */
export async function openApp(path: string): Promise<OpenedApp> {
  if (current) await current.close();
  await startDevice();
  const router = makeRouter(path);
  const host = document.createElement('div');
  document.body.append(host);
  const root: Root = createRoot(host);
  await act(async () => {
    await router.load();
  });
  function Shown() {
    const lang = useSettingsStore((s) => s.lang);
    return (
      <Providers lang={lang}>
        <RouterProvider router={router} />
      </Providers>
    );
  }
  await act(async () => root.render(<Shown />));
  applyTheme(useSettingsStore.getState().theme);
  await untilScreen(host);
  const app: OpenedApp = {
    host,
    router,
    path: () => {
      const { pathname, searchStr } = router.state.location;
      return `${pathname}${searchStr}`;
    },
    close: async () => {
      await act(async () => root.unmount());
      host.remove();
      if (current === app) current = null;
    },
  };
  current = app;
  return app;
}

export interface Account {
  email: string;
  password: string;
  fullName: string;
}

let accounts = 0;

/** An address no other test of the file uses. */
export function uniqueEmail(prefix = 'sailor'): string {
  accounts++;
  return `${prefix}-${accounts}-${Math.random().toString(36).slice(2, 8)}@ship.test`;
}

/** Registers through /register, as a person does, and waits for home. */
export async function registerViaUi(account: Partial<Account> = {}): Promise<OpenedApp & Account> {
  const full: Account = {
    email: account.email ?? uniqueEmail(),
    password: account.password ?? 'secret-pass',
    fullName: account.fullName ?? 'Иван Петров',
  };
  const app = await openApp('/register');
  await fill(byLabel(app.host, 'E-mail'), full.email);
  await fill(byLabel(app.host, 'Пароль'), full.password);
  await fill(byLabel(app.host, 'Повторите пароль'), full.password);
  await fill(byLabel(app.host, 'Полное имя (необязательно)'), full.fullName);
  await click(byRole(app.host, 'button', { name: 'Зарегистрироваться' }));
  await until(() => {
    if (app.path() !== '/') throw new Error(`still on ${app.path()}`);
  });
  return Object.assign(app, full);
}

/** Navigates inside the open app, as a link does (no page load). */
export async function go(app: OpenedApp, to: string): Promise<void> {
  await act(async () => {
    await app.router.history.push(to);
  });
  await until(() => {
    if (app.router.state.status !== 'idle') throw new Error('still loading');
  });
  await untilScreen(app.host);
}

/** Waits for a screen's body: a lazy screen's module arrives after its route has loaded. */
function untilScreen(host: HTMLElement) {
  return until(() => {
    if (!host.querySelector('main')) throw new Error('no screen shown');
  });
}

/** Waits until the app shows `path` (path and search) with the route loaded. */
export async function untilPath(app: OpenedApp, path: string | RegExp): Promise<void> {
  await until(() => {
    const shown = app.path();
    const ok = typeof path === 'string' ? shown === path : path.test(shown);
    if (!ok || app.router.state.status !== 'idle') throw new Error(`on ${shown}, not ${path}`);
  });
}
