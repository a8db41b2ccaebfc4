// @vitest-environment happy-dom
/**
 * The schedule card of settings (issue 43): the study day's first hour, saved and synced with the
 * learner's settings, and the home time zone shown by a readable name and offset.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { go, type OpenedApp, registerViaUi } from '../support/app';
import { byLabel, byRole, selectOption, textIn, until } from '../support/screen';

let app: OpenedApp;

afterEach(async () => {
  await app?.close();
  localStorage.clear();
});

async function openSettings() {
  await go(app, '/settings');
  await until(() => byRole(app.host, 'heading', { level: 1, name: 'Настройки' }));
}

describe('the schedule card', () => {
  it('shows the home zone by name and offset, and keeps the hour the study day begins', async () => {
    app = await registerViaUi();
    await useAuthStore.getState().updateSettings({ homeZone: 'Europe/Moscow' });
    await openSettings();
    const card = byRole(app.host, 'region', { name: 'Расписание повторений' });
    expect(textIn(card)).toContain('Москва, стандартное время (GMT+3)');
    expect(textIn(card)).not.toContain('Europe/Moscow');

    const hour = byLabel<HTMLSelectElement>(card, 'Учебный день начинается в');
    expect(hour.value).toBe('4');
    await selectOption(hour, '06:00');
    await until(() => expect(useAuthStore.getState().user?.settings.dayStartHour).toBe(6));
    await until(() => expect(textIn(card)).toMatch(/Даты повторений пересчитаны/));
    expect(byLabel<HTMLSelectElement>(card, 'Учебный день начинается в').value).toBe('6');
  });
});
