/**
 * The shared Playwright fixtures: every page starts with the splash switched off (one spec tests
 * the splash itself) and fails its test on any Content-Security-Policy violation, and the cloud
 * project's workers wait for the Auth emulator; plus helpers that act as a person would:
 * register, sign in, check axe.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { untilAnswers } from './auth-emulator';
import { AUTH_EMULATOR_START_MS, AUTH_EMULATOR_URL } from './global-setup';

export { expect };

export const test = base.extend<{ page: Page }, { authEmulator: undefined }>({
  page: async ({ page }, use) => {
    // The app runs under its policy (vite.config.ts, contentSecurityPolicy): anything of its own
    // that the policy refuses (a script, a style attribute, a connection) is a broken screen.
    const violations: string[] = [];
    await page.exposeBinding('e2eCspViolation', (_source, text: string) => {
      violations.push(text);
    });
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('e2e.splash')) localStorage.setItem('marine.splash', 'off');
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as { e2eCspViolation?: (text: string) => void }).e2eCspViolation;
        report?.(
          `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
        );
      });
    });
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
  // The cloud projects' workers wait for the Auth emulator that global-setup.ts starts.
  authEmulator: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this.
    async ({}, use, workerInfo) => {
      if (workerInfo.project.name.startsWith('cloud')) await waitForAuthEmulator();
      await use(undefined);
    },
    { scope: 'worker', auto: true, timeout: AUTH_EMULATOR_START_MS + 10_000 },
  ],
});

async function waitForAuthEmulator(): Promise<void> {
  if (await untilAnswers(AUTH_EMULATOR_URL, AUTH_EMULATOR_START_MS)) return;
  throw new Error(
    `The Auth emulator did not answer at ${AUTH_EMULATOR_URL} within ${AUTH_EMULATOR_START_MS / 1000} s (e2e/support/global-setup.ts starts it; its error, if any, is in the run's output).`,
  );
}

let counter = 0;

/** A fresh e-mail address per call, so parallel tests never collide. */
export function uniqueEmail(prefix = 'sailor'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@ship.test`;
}

export interface Account {
  email: string;
  password: string;
  fullName: string;
}

/** Registers through the /register form and waits for the home screen. */
export async function registerViaUi(
  page: Page,
  account: Partial<Account> & { division?: string } = {},
): Promise<Account> {
  const full: Account = {
    email: account.email ?? uniqueEmail(),
    password: account.password ?? 'secret-pass',
    fullName: account.fullName ?? 'Иван Петров',
  };
  await page.goto('/register');
  await page.getByLabel('E-mail').fill(full.email);
  await page.getByLabel('Пароль', { exact: true }).fill(full.password);
  await page.getByLabel('Повторите пароль').fill(full.password);
  await page.getByLabel('Полное имя (необязательно)').fill(full.fullName);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL(/\/$/);
  return full;
}

/**
 * Signs out with the header's button and waits for the sign-in screen the app then shows: a page
 * opened before the sign-out has finished would still restore the session.
 */
export async function signOutViaUi(page: Page): Promise<void> {
  // A tablet's header (up to 1180 px) keeps «Выйти» in its menu.
  const menu = page.getByRole('button', { name: 'Меню', exact: true });
  await expect(page.getByRole('button', { name: 'Выйти' }).or(menu).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The administrator code of the e2e build (its hash is VITE_ADMIN_CODE_HASH in .env.e2e). */
export const ADMIN_CODE = 'e2e harbour master code';

/** Makes the signed-in account an admin with the administrator code, in the profile. */
export async function claimAdminViaUi(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByLabel('Код администратора').fill(ADMIN_CODE);
  await page.getByRole('button', { name: 'Получить права администратора' }).click();
  await expect(page.getByText('Теперь эта учётная запись — администратор').first()).toBeVisible();
}

/** Renames through the rename dialog opened by the button named `trigger`. */
export async function renameTo(page: Page, trigger: string, name: string): Promise<void> {
  await page.getByRole('button', { name: trigger }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Новое название').fill(name);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
}

/** Signs in through the /login form and waits for the home screen. */
export async function loginViaUi(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Пароль').fill(account.password);
  await page.getByRole('button', { name: 'Войти' }).last().click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Waits until the service worker controls the page. A first visit's worker claims the pages open
 * when it activates; a page whose navigation was under way at that moment (the request sent
 * before the worker was active, the document made after the claim) is not among them and stays
 * uncontrolled until its next navigation, in Chromium as for a person, so it is reloaded then.
 */
export async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = () => navigator.serviceWorker.controller !== null;
  try {
    await page.waitForFunction(controlled, undefined, { timeout: 5_000 });
  } catch {
    await page.reload();
    await page.waitForFunction(controlled);
  }
}

/** axe-core's script, evaluated in a page the first time that document is checked. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * No serious or critical axe violation on the current screen. axe runs in the page itself (the
 * app has no frames) and gathers only violations, a third of the time of gathering every result;
 * its script is evaluated once per document, not twice per check as @axe-core/playwright's
 * builder does: 0.08 s against 0.26 s a check of home, with the same rules and results.
 */
export async function expectAccessible(page: Page): Promise<void> {
  let bad: string[] | null = null;
  // A document that is new between the script's evaluation and the check (the page navigated
  // in between) gets the script too, and is checked. A navigation during the check itself fails
  // it, as Playwright reports: the screen checked was not the one the test had waited for.
  for (let attempt = 0; bad === null && attempt < 3; attempt += 1) {
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    bad = await page.evaluate(async () => {
      const { axe } = window as { axe?: { run: (...args: unknown[]) => Promise<AxeResults> } };
      if (!axe) return null;
      const results = await axe.run({ exclude: [['.splash']] }, { resultTypes: ['violations'] });
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    });
  }
  if (bad === null) throw new Error('axe could not run: the page had a new document at each try');
  expect(bad).toEqual([]);
}
