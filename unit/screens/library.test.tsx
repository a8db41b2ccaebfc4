// @vitest-environment happy-dom
/** The topics page and the dictionary: filters, search, empty states and a guest's ticks. */
import { afterEach, describe, expect, it } from 'vitest';
import bridge from '@/data/vocabulary/bridge.json';
import common from '@/data/vocabulary/common.json';
import deck from '@/data/vocabulary/deck.json';
import engine from '@/data/vocabulary/engine.json';
import galley from '@/data/vocabulary/galley.json';
import { go, type OpenedApp, openApp, registerViaUi, untilPath } from '../support/app';
import {
  allByRole,
  allByText,
  byLabel,
  byRole,
  click,
  fill,
  textIn,
  until,
} from '../support/screen';

/** The built-in vocabulary as the data files ship it: the figures follow the data. */
const ROWS = [common, deck, bridge, engine, galley].flat() as {
  ru: string;
  en: string;
  topic: string;
}[];
const topicSize = (topic: string) => ROWS.filter((row) => row.topic === topic).length;
const searchHits = (text: string) =>
  ROWS.filter((row) =>
    `${row.ru}\n${row.en}`.toLocaleLowerCase().includes(text.toLocaleLowerCase()),
  ).length;

let app: OpenedApp;

afterEach(async () => {
  await app?.close();
  localStorage.clear();
});

const main = () => byRole(app.host, 'main');
const topicLinks = (text: string) =>
  allByRole(main(), 'link').filter((link) => textIn(link).includes(text));
const pressed = (name: string) => byRole(app.host, 'button', { name }).getAttribute('aria-pressed');
const statusWith = (text: string) =>
  until(() => {
    const found = allByRole(app.host, 'status').filter((el) => textIn(el).includes(text));
    if (found.length === 0) throw new Error(`no status with ${text}`);
    return found[0] as HTMLElement;
  });
const rows = () => allByRole(byRole(app.host, 'table'), 'row');
const rowOf = (ru: string) =>
  rows().filter((row) => allByRole(row, 'cell', { name: ru }).length > 0);
const learned = (ru: string) =>
  byRole(app.host, 'checkbox', { name: `Выучено: ${ru}` }) as HTMLInputElement;

describe('the topics page', () => {
  it('shows a guest the deck topics, filtered by role chips and by search', async () => {
    app = await openApp('/topics');
    byRole(app.host, 'heading', { level: 1, name: 'Темы' });
    expect(pressed('Палуба')).toBe('true');
    expect(topicLinks('Швартовка')).toHaveLength(1);
    expect(topicLinks('Руководство и организация работ')).toHaveLength(1);
    expect(textIn(topicLinks('Швартовка')[0] as HTMLElement)).toContain(
      `${topicSize('Mooring')} слов`,
    );

    await click(byRole(app.host, 'button', { name: 'Боцман' }));
    expect(pressed('Боцман')).toBe('true');
    expect(topicLinks('Руководство и организация работ')).toHaveLength(1);

    await click(byRole(app.host, 'button', { name: 'Матрос (OS)' }));
    expect(topicLinks('Команды матросу')).toHaveLength(1);
    expect(topicLinks('Швартовка')).toHaveLength(1);
    expect(topicLinks('Руководство и организация работ')).toHaveLength(0);

    await click(byRole(app.host, 'button', { name: 'Все' }));
    await fill(byLabel(app.host, 'Поиск тем'), 'safe');
    await until(() => expect(topicLinks('Учебные тревоги')).toHaveLength(1));
    expect(topicLinks('Швартовка')).toHaveLength(0);

    await fill(byLabel(app.host, 'Поиск тем'), 'zzz-no-such-topic');
    await statusWith('Темы не найдены.');
  });

  it('shows another division’s own topics and roles, and no admin tools to a guest', async () => {
    app = await openApp('/topics');
    await click(byRole(app.host, 'button', { name: 'Камбуз' }));
    expect(topicLinks('Безопасность на камбузе')).toHaveLength(1);
    expect(topicLinks('Швартовка')).toHaveLength(0);
    byRole(app.host, 'button', { name: 'Повар' });
    expect(allByRole(app.host, 'button', { name: 'Боцман' })).toHaveLength(0);
    expect(allByRole(app.host, 'button', { name: 'Добавить тему' })).toHaveLength(0);
    expect(allByRole(app.host, 'button', { name: /Переименовать тему/ })).toHaveLength(0);
  });

  it('in English, the empty state is the specification text', async () => {
    localStorage.setItem('marine.lang', 'en');
    app = await openApp('/topics');
    await fill(byLabel(app.host, 'Search topics'), 'zzz-no-such-topic');
    await statusWith('No topics found.');
  });

  it('opens a topic as its words in the dictionary, then all words 200 at a time', async () => {
    app = await openApp('/topics');
    await click(topicLinks('Швартовка')[0] as HTMLElement);
    await untilPath(app, '/dictionary?topic=Mooring');
    await until(() => byRole(app.host, 'heading', { level: 1, name: 'Словарь' }));
    expect(byLabel<HTMLSelectElement>(app.host, 'Тема').value).toBe('Mooring');
    await until(() => expect(rows()).toHaveLength(topicSize('Mooring') + 1)); // header + words
    expect(textIn(rowOf('кнехт')[0] as HTMLElement)).toContain('bitts');

    await click(byRole(app.host, 'button', { name: 'Показать все темы' }));
    await untilPath(app, '/dictionary');
    await until(() =>
      expect(allByText(app.host, `Показано 200 из ${ROWS.length}`)).toHaveLength(1),
    );
    expect(rows()).toHaveLength(201);
    await click(byRole(app.host, 'button', { name: 'Показать ещё' }));
    expect(rows()).toHaveLength(401);
    expect(allByText(app.host, `Показано 400 из ${ROWS.length}`)).toHaveLength(1);
  });
});

describe('the dictionary', () => {
  it('searches Russian and English; a guest can tick words but keeps nothing', async () => {
    app = await openApp('/dictionary');
    expect(allByText(app.host, /Вы гость: отметки не сохраняются\./)).not.toHaveLength(0);

    await fill(byLabel(app.host, 'Поиск слов'), 'BITTS');
    await until(() => expect(rowOf('кнехт')).toHaveLength(1));
    expect(allByText(app.host, `Слов: ${searchHits('bitts')}`)).toHaveLength(1);

    await fill(byLabel(app.host, 'Поиск слов'), 'кнехт');
    await until(() => expect(textIn(rowOf('кнехт')[0] as HTMLElement)).toContain('bitts'));

    await click(learned('кнехт'));
    expect(learned('кнехт').checked).toBe(true);
    // No edit or delete for guests.
    expect(allByRole(app.host, 'button', { name: 'Изменить «кнехт»' })).toHaveLength(0);
    expect(allByText(app.host, 'Добавить слово')).toHaveLength(0);

    app = await openApp('/dictionary');
    await fill(byLabel(app.host, 'Поиск слов'), 'кнехт');
    await until(() => expect(learned('кнехт').checked).toBe(false));

    await fill(byLabel(app.host, 'Поиск слов'), 'qqqq-nothing');
    await statusWith('Слова не найдены.');
  });

  it('a signed-in user marks a word learned and it stays after a reload', async () => {
    app = await registerViaUi();
    await go(app, '/dictionary');
    expect(allByText(app.host, /Вы гость/)).toHaveLength(0);
    await fill(byLabel(app.host, 'Поиск слов'), 'кнехт');
    await until(() => expect(learned('кнехт').checked).toBe(false));
    await click(learned('кнехт'));
    await until(() => expect(learned('кнехт').checked).toBe(true));
    // Not an admin: no edit or delete on built-in words, no add forms.
    expect(allByRole(app.host, 'button', { name: 'Изменить «кнехт»' })).toHaveLength(0);
    expect(allByRole(app.host, 'button', { name: 'Удалить «кнехт»' })).toHaveLength(0);
    expect(allByText(app.host, 'Массовый импорт')).toHaveLength(0);

    const tile = (name: string) =>
      textIn(byRole(app.host, 'region', { name }).querySelector('.tile-value') as HTMLElement);
    const home = () =>
      byRole(byRole(app.host, 'navigation', { name: 'Основная навигация' }), 'link', {
        name: 'Главная',
      });
    await click(home());
    await until(() => expect(tile('Выучено слов')).toBe('1'));

    app = await openApp('/dictionary');
    await fill(byLabel(app.host, 'Поиск слов'), 'кнехт');
    await until(() => expect(learned('кнехт').checked).toBe(true));
    await click(learned('кнехт'));
    await until(() => expect(learned('кнехт').checked).toBe(false));
    // The word was never studied: unticking made it new again, with nothing to review.
    await click(home());
    await until(() => expect(tile('Выучено слов')).toBe('0'));
    expect(tile('Повторить сегодня')).toBe('0');

    app = await openApp('/');
    await until(() => expect(tile('Повторить сегодня')).toBe('0'));
    await go(app, '/dictionary');
    await fill(byLabel(app.host, 'Поиск слов'), 'кнехт');
    await until(() => expect(learned('кнехт').checked).toBe(false));
  });
});
