// @vitest-environment happy-dom
/**
 * The schedule card of settings (issue 43): the study day's first hour, saved and synced with the
 * learner's settings, and the home time zone shown by a readable name and offset.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { learnedCount } from '@/domain/daily';
import { useAuthStore } from '@/stores/auth-store';
import { useWordsStore } from '@/stores/words-store';
import { go, type OpenedApp, registerViaUi } from '../support/app';
import { allByRole, byLabel, byRole, click, selectOption, textIn, until } from '../support/screen';

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

describe('the switch to FSRS', () => {
  it('says beforehand what the learned count becomes and why, and waits for a yes', async () => {
    app = await registerViaUi();
    // Three words answered right once: learned under the standard schedule, not yet under FSRS.
    for (const id of ['dk001', 'dk002', 'dk003']) {
      await useWordsStore.getState().recordAnswer(id, true);
    }
    await openSettings();
    const card = byRole(app.host, 'region', { name: 'Расписание повторений' });
    const fsrs = byRole(card, 'radio', { name: 'Адаптивный (FSRS)' });
    await click(fsrs);
    const dialog = await until(() => byRole(document.body, 'alertdialog'));
    expect(textIn(dialog)).toContain('Выучено слов (MAST): сейчас 3, с FSRS — 0.');
    expect(textIn(dialog)).toContain('около 5 дней');
    await click(byRole(dialog, 'button', { name: 'Отмена' }));
    await until(() => expect(allByRole(document.body, 'alertdialog')).toHaveLength(0));
    expect(useAuthStore.getState().user?.settings.schedule).toBeUndefined();
    expect(byRole(card, 'radio', { name: 'Стандартный' })).toHaveProperty('checked', true);

    await click(byRole(card, 'radio', { name: 'Адаптивный (FSRS)' }));
    const again = await until(() => byRole(document.body, 'alertdialog'));
    await click(byRole(again, 'button', { name: 'Переключить' }));
    await until(() => expect(useAuthStore.getState().user?.settings.schedule).toBe('fsrs'));
    await until(() => expect(learnedCount(useWordsStore.getState().words.values())).toBe(0));
  });
});
