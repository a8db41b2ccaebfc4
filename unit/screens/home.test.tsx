// @vitest-environment happy-dom
/** The home dashboard: welcome, connection badge, sync, shortcuts, schedule, goal, tips and rank. */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { go, type OpenedApp, openApp, registerViaUi, untilPath } from '../support/app';
import { allByRole, allByText, byRole, byText, click, textIn, until } from '../support/screen';
import { countTimeFormats } from '../support/time-formats';

const SYNC_LOCAL =
  'Локальная версия: синхронизировать нечего — прогресс хранится на этом устройстве.';
const SYNC_GUEST =
  'Для синхронизации нужен аккаунт: войдите или зарегистрируйтесь, чтобы прогресс сохранялся.';
const L1_DESCRIPTION = 'Пока путаете бак с ютом — но швабра уже слушается вас.';

let app: OpenedApp;

afterEach(async () => {
  await app?.close();
  localStorage.clear();
  setOnline(true);
});

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

const statusWith = (text: string) =>
  until(() => {
    const found = allByRole(app.host, 'status').filter((el) => textIn(el).includes(text));
    if (found.length === 0) throw new Error(`no status with ${text}`);
    return found[0] as HTMLElement;
  });

describe('home for a guest', () => {
  it('welcomes aboard, and the badge follows the network', async () => {
    app = await openApp('/');
    byRole(app.host, 'heading', { level: 1, name: 'Добро пожаловать на борт!' });
    const badge = () => byRole(app.host, 'status', { name: /^Связь:/ });
    expect(textIn(badge())).toBe('В сети');

    await act(async () => setOnline(false));
    expect(textIn(badge())).toBe('Офлайн');
    await act(async () => setOnline(true));
    expect(textIn(badge())).toBe('В сети');
  });

  it('opens with no time format: with no word answered there is no day to reckon', async () => {
    // The first format of a page costs the engine its date data, on the start's critical path
    // (domain/study-days-known.ts).
    const formats = countTimeFormats();
    try {
      app = await openApp('/');
      byRole(app.host, 'heading', { level: 1, name: 'Добро пожаловать на борт!' });
      await until(() => byText(app.host, '0 из 10 слов'));
    } finally {
      formats.restore();
    }
    expect(formats.made()).toBe(0);
  });

  it('leads from the shortcut chips to their screens; progress and settings ask to log in', async () => {
    const cases: [string, string][] = [
      ['Начать занятие', '/select-division'],
      ['Словарь', '/dictionary'],
      ['Темы', '/topics'],
      ['Прогресс', '/login'],
      ['Настройки', '/login'],
    ];
    app = await openApp('/');
    for (const [name, path] of cases) {
      await go(app, '/');
      const shortcuts = await until(() =>
        byRole(app.host, 'navigation', { name: 'Быстрые переходы' }),
      );
      await click(byRole(shortcuts, 'link', { name }));
      await untilPath(app, path);
    }
  });

  it('says the schedule is coming soon and tells a guest to sign in to sync', async () => {
    app = await openApp('/');
    await click(byRole(app.host, 'button', { name: 'Добавить занятие' }));
    await statusWith('Скоро будет');
    await click(byRole(app.host, 'button', { name: 'Синхронизировать' }));
    await statusWith(SYNC_GUEST);
  });

  it('opens the rank card’s humorous description and closes it', async () => {
    app = await openApp('/');
    const rank = byRole(app.host, 'region', { name: 'Ваше звание' });
    expect(allByText(rank, 'Юнга')).not.toHaveLength(0);
    byText(rank, '0\u00a0MAST');
    byText(rank, 'До звания «Матрос» — ещё 50\u00a0MAST');
    expect(allByRole(rank, 'img')).toHaveLength(0); // decorative inside the button
    expect(rank.querySelector('img')?.getAttribute('src')).toBe('/ranks/L1.svg');

    const open = byRole(rank, 'button', { name: /Юнга/ });
    await click(open);
    const dialog = await until(() => byRole(app.host, 'dialog', { name: 'Юнга' }));
    byText(dialog, L1_DESCRIPTION);
    byRole(dialog, 'img', { name: 'Юнга' });
    await click(byRole(dialog, 'button', { name: 'Закрыть' }));
    expect(allByRole(app.host, 'dialog')).toHaveLength(0);

    // Escape makes the browser send the dialog a cancel event: the dialog closes on it.
    await click(open);
    const again = await until(() => byRole(app.host, 'dialog', { name: 'Юнга' }));
    await act(async () => {
      again.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(allByRole(app.host, 'dialog')).toHaveLength(0);
  });

  it('moves the tip of the day on to the next tip', async () => {
    app = await openApp('/');
    const tips = byRole(app.host, 'region', { name: 'Совет дня' });
    const text = () => tips.querySelector('.tip-text')?.textContent ?? '';
    const first = text();
    expect(first.length).toBeGreaterThan(10);
    await click(byRole(tips, 'button', { name: 'Следующий совет' }));
    expect(text()).not.toBe(first);
    expect(text().length).toBeGreaterThan(10);
  });
});

describe('home for a signed-in user', () => {
  it('greets by name and shows the daily goal; sync says the local edition has nothing to sync', async () => {
    app = await registerViaUi({ fullName: 'Мария Соколова' });
    await until(() =>
      byRole(app.host, 'heading', { level: 1, name: 'Добро пожаловать, Мария Соколова!' }),
    );
    // No guest notice for a signed-in user.
    expect(allByText(app.host, /Вы занимаетесь как гость/)).toHaveLength(0);

    const goal = byRole(app.host, 'region', { name: 'Цель на сегодня' });
    byText(goal, '0 из 10 слов');
    const bar = byRole(goal, 'progressbar', { name: 'Изучено слов сегодня' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('10');
    byText(goal, 'До цели осталось 10 слов.');
    byText(byRole(app.host, 'region', { name: 'Повторить сегодня' }), '0');
    byText(byRole(app.host, 'region', { name: 'Выучено слов' }), '0');

    await click(byRole(app.host, 'button', { name: 'Синхронизировать' }));
    await statusWith(SYNC_LOCAL);
  });
});
