/**
 * Background Sync in the cloud edition: a change queued offline registers the one-shot
 * 'marine-sync' tag; the worker's sync event (dispatched through the DevTools protocol, as the
 * browser would on reconnecting) asks an open window to sync, or with no window open pushes the
 * unsent history itself.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { cloudKinds, uidOf } from './support/cloud';
import { expect, registerViaUi, test, uniqueEmail } from './support/fixtures';

// The service worker is part of what this spec tests (the default blocks it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** The cloud project's origin (its port is overridable: E2E_CLOUD_PORT). */
const origin = () => new URL(test.info().project.use.baseURL as string).origin;

/** Fires the worker's `sync` event for the tag through the DevTools protocol of `page`. */
async function dispatchSync(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registrations: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const r of event.registrations) {
      if (!r.isDeleted && r.scopeURL.startsWith(origin())) registrations.push(r.registrationId);
    }
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: origin(),
    registrationId: registrations[0] as string,
    tag: 'marine-sync',
    lastChance: false,
  });
}

/** Registers, goes offline, marks a word learned: the change is queued and the tag registered. */
async function queueOfflineChange(page: Page, context: BrowserContext) {
  await context.grantPermissions(['background-sync'], { origin: origin() });
  const account = await registerViaUi(page, { email: uniqueEmail('bgsync') });
  const uid = await uidOf(account.email);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto('/dictionary');
  await page.getByLabel('Поиск слов').fill('кнехт');
  await context.setOffline(true);
  await page.getByRole('checkbox', { name: 'Выучено: кнехт' }).check();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
          sync?: { getTags(): Promise<string[]> };
        };
        return (await registration.sync?.getTags()) ?? [];
      }),
    )
    .toContain('marine-sync');
  expect(await cloudKinds(uid, 'dk002')).toEqual([]);
  return uid;
}

test('with the app open, the sync event asks the window, which syncs', async ({
  page,
  context,
}) => {
  test.slow();
  await queueOfflineChange(page, context);
  await page.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { seenMessages: unknown[] }).seenMessages = seen;
    navigator.serviceWorker.addEventListener('message', (event) => seen.push(event.data));
  });
  await context.setOffline(false);
  await dispatchSync(context, page);
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { seenMessages: unknown[] }).seenMessages),
    )
    .toContainEqual({ type: 'SYNC_REQUEST' });
});

test('with no window open, the worker syncs itself', async ({ page, context }) => {
  test.slow();
  const uid = await queueOfflineChange(page, context);
  await page.close();
  await context.setOffline(false);
  // A blank tab of another origin: no window of the app is open.
  const blank = await context.newPage();
  await blank.goto('about:blank');
  await dispatchSync(context, blank);
  await expect.poll(() => cloudKinds(uid, 'dk002'), { timeout: 20_000 }).toEqual(['learn']);
});
