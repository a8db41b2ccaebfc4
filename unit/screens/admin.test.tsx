// @vitest-environment happy-dom
/** The admin's tools on the screens: forms, their messages, confirmations and the bulk import. */
import { afterEach, describe, expect, it } from 'vitest';
import bridge from '@/data/vocabulary/bridge.json';
import common from '@/data/vocabulary/common.json';
import deck from '@/data/vocabulary/deck.json';
import engine from '@/data/vocabulary/engine.json';
import galley from '@/data/vocabulary/galley.json';
import { ADMIN_CODE, go, type OpenedApp, registerViaUi, untilPath } from '../support/app';
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

const ROWS = [common, deck, bridge, engine, galley].flat() as { topic: string }[];
const topicSize = (topic: string) => ROWS.filter((row) => row.topic === topic).length;

let app: OpenedApp;

afterEach(async () => {
  await app?.close();
  localStorage.clear();
});

/** An admin: an account that entered the administrator code. */
async function registerAdmin() {
  app = await registerViaUi({ fullName: 'Капитан Немо' });
  await go(app, '/profile');
  await fill(await until(() => byLabel(app.host, 'Код администратора')), ADMIN_CODE);
  await click(byRole(app.host, 'button', { name: 'Получить права администратора' }));
  await until(() => byRole(app.host, 'link', { name: 'Админ' }));
}

/** Confirms the open confirmation after checking its text exactly (double spaces too). */
async function confirmWith(text: string) {
  const dialog = await until(() => byRole(app.host, 'alertdialog'));
  expect(dialog.querySelector('p')?.textContent).toBe(text);
  await click(byRole(dialog, 'button', { name: 'Удалить' }));
  await until(() => expect(allByRole(app.host, 'alertdialog')).toHaveLength(0));
}

const rows = () => allByRole(byRole(app.host, 'table'), 'row');
const rowsWith = (text: string) => rows().filter((row) => textIn(row).includes(text));
const topicLinks = (text: string) =>
  allByRole(byRole(app.host, 'main'), 'link').filter((link) => textIn(link).includes(text));
/** The <details> form whose summary is `summary`, opened. */
async function openDetails(summary: string) {
  const details = [...app.host.querySelectorAll('details')].find(
    (el) => textIn(el.querySelector('summary') as Element) === summary,
  ) as HTMLDetailsElement;
  await click(details.querySelector('summary') as HTMLElement);
  await until(() => expect(details.open).toBe(true));
  return details;
}

// The tests of this file share one device's database (the vocabulary is installed once per file),
// as a person's tablet would: this one counts the built-in words before the imports below add some.
describe('a learner who is not an admin', () => {
  it('a non-admin gets no edit, delete or add tools, and no admin screen', async () => {
    app = await registerViaUi();
    await go(app, '/dictionary?topic=Mooring');
    await until(() => expect(rows()).toHaveLength(topicSize('Mooring') + 1));
    expect(allByRole(app.host, 'button', { name: /^Изменить/ })).toHaveLength(0);
    expect(allByRole(app.host, 'button', { name: /^Удалить/ })).toHaveLength(0);
    expect(allByText(app.host, 'Добавить слово')).toHaveLength(0);
    await go(app, '/topics');
    expect(allByRole(app.host, 'button', { name: 'Добавить тему' })).toHaveLength(0);
    await go(app, '/admin/roles');
    await untilPath(app, '/');
  });
});

describe('the admin screen', () => {
  it('cancelling a deletion keeps the division; confirming deletes it and its words', async () => {
    await registerAdmin();
    await go(app, '/admin/roles');
    const divisions = await until(() => byRole(app.host, 'region', { name: 'Службы' }));
    await click(byRole(divisions, 'button', { name: 'Удалить «Камбуз»' }));
    await click(
      byRole(await until(() => byRole(app.host, 'alertdialog')), 'button', { name: 'Отмена' }),
    );
    await until(() => expect(allByRole(app.host, 'alertdialog')).toHaveLength(0));
    byRole(divisions, 'button', { name: 'Камбуз' });

    await click(byRole(divisions, 'button', { name: 'Удалить «Камбуз»' }));
    await confirmWith(
      'Удалить службу «Камбуз»?  Все роли, темы и слова этой службы будут удалены.',
    );
    await until(() => expect(allByRole(divisions, 'button', { name: 'Камбуз' })).toHaveLength(0));

    await go(app, '/dictionary');
    await fill(byLabel(app.host, 'Поиск слов'), 'fire blanket');
    await until(() =>
      expect(
        allByRole(app.host, 'status').some((el) => textIn(el).includes('Слова не найдены.')),
      ).toBe(true),
    );
  });

  it('an empty division name is refused; a duplicate, ignoring case, reuses the division', async () => {
    await registerAdmin();
    await go(app, '/admin/roles');
    byRole(app.host, 'heading', { level: 1, name: 'Службы, роли и темы' });
    const divisions = byRole(app.host, 'region', { name: 'Службы' });
    await click(byRole(divisions, 'button', { name: 'Добавить' }));
    await until(() =>
      expect(textIn(byRole(divisions, 'alert'))).toBe('Название службы не может быть пустым'),
    );

    await fill(byLabel(divisions, 'Новая служба'), '  Cargo  ');
    await click(byRole(divisions, 'button', { name: 'Добавить' }));
    await until(() =>
      expect(byRole(divisions, 'button', { name: 'Cargo' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    await fill(byLabel(divisions, 'Новая служба'), 'cARGO');
    await click(byRole(divisions, 'button', { name: 'Добавить' }));
    await until(() => expect(byLabel(divisions, 'Новая служба').value).toBe(''));
    expect(allByRole(divisions, 'button', { name: 'Cargo' })).toHaveLength(1);

    const roles = byRole(app.host, 'region', { name: /^Роли/ });
    await until(
      () => allByText(roles, 'Для этой службы нет ролей.').length > 0 || Promise.reject(),
    );
    await fill(byLabel(roles, 'Новая роль'), ' Pump  Man ');
    await click(byRole(roles, 'button', { name: 'Добавить' }));
    await until(() =>
      expect(byRole(roles, 'button', { name: 'pump man' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    await fill(byLabel(roles, 'Новая роль'), 'PUMP MAN');
    await click(byRole(roles, 'button', { name: 'Добавить' }));
    await until(() => expect(byLabel(roles, 'Новая роль').value).toBe(''));
    expect(allByRole(roles, 'button', { name: 'pump man' })).toHaveLength(1);

    const topics = byRole(app.host, 'region', { name: /^Темы/ });
    expect(allByText(topics, 'В этой службе пока нет тем.')).toHaveLength(1);
    await fill(byLabel(topics, 'Новая тема'), 'Cargo Pumps');
    await click(byRole(topics, 'button', { name: 'Добавить' }));
    const assign = await until(
      () => byRole(topics, 'checkbox', { name: 'Cargo Pumps' }) as HTMLInputElement,
    );
    expect(assign.checked).toBe(false);
    await click(assign);
    await until(() =>
      expect(
        (byRole(topics, 'checkbox', { name: 'Cargo Pumps' }) as HTMLInputElement).checked,
      ).toBe(true),
    );

    await click(byRole(roles, 'button', { name: 'Удалить «pump man»' }));
    await confirmWith('Удалить роль «pump man»?  Она будет отвязана от всех тем и слов.');
    await until(() => expect(allByText(roles, 'Для этой службы нет ролей.')).toHaveLength(1));
    expect(allByText(topics, 'Выберите роль, чтобы назначать ей темы.')).toHaveLength(1);
    await click(byRole(topics, 'button', { name: 'Удалить «Cargo Pumps»' }));
    await confirmWith('Удалить тему «Cargo Pumps» и все связанные слова?');
    await until(() => expect(allByText(topics, 'В этой службе пока нет тем.')).toHaveLength(1));
  });
});

describe('admin tools elsewhere', () => {
  it('the topics page adds a topic, refuses an empty name, reuses a name; built-in topics stay', async () => {
    await registerAdmin();
    await go(app, '/topics');
    byRole(app.host, 'button', { name: 'Переименовать тему «Швартовка»' });
    expect(allByRole(app.host, 'button', { name: 'Удалить тему «Швартовка»' })).toHaveLength(0);

    const form = [...app.host.querySelectorAll('form')].find((el) =>
      textIn(el).includes('Название темы'),
    ) as HTMLFormElement;
    await click(byRole(form, 'button', { name: 'Добавить тему' }));
    await until(() =>
      expect(textIn(byRole(form, 'alert'))).toBe('Название темы не может быть пустым'),
    );

    await fill(byLabel(form, 'Название темы'), 'Bosun Notes');
    await click(byRole(form, 'checkbox', { name: 'Боцман' }));
    await click(byRole(form, 'button', { name: 'Добавить тему' }));
    await until(() => expect(topicLinks('Bosun Notes')).toHaveLength(1));
    expect(textIn(topicLinks('Bosun Notes')[0] as HTMLElement)).toContain('0 слов');
    expect(textIn(topicLinks('Bosun Notes')[0] as HTMLElement)).toContain('Для: Боцман');

    await fill(byLabel(form, 'Название темы'), 'bosun notes');
    await click(byRole(form, 'checkbox', { name: 'Матрос (OS)' }));
    await click(byRole(form, 'button', { name: 'Добавить тему' }));
    await until(() =>
      expect(textIn(topicLinks('Bosun Notes')[0] as HTMLElement)).toContain(
        'Для: Боцман, Матрос (OS)',
      ),
    );
    expect(topicLinks('Bosun Notes')).toHaveLength(1);

    await click(byRole(app.host, 'button', { name: 'Удалить тему «Bosun Notes»' }));
    await confirmWith('Удалить эту тему и все связанные слова?');
    await until(() => expect(topicLinks('Bosun Notes')).toHaveLength(0));
  });

  it('bulk import adds the good lines and lists the skipped ones by line', async () => {
    await registerAdmin();
    await go(app, '/dictionary?topic=Mooring');
    const form = await openDetails('Массовый импорт');
    expect(byLabel<HTMLSelectElement>(form, 'Тема').value).toBe('Mooring');
    const box = byLabel<HTMLTextAreaElement>(form, /^Слова: по одному в строке ru=en/);
    await fill(
      box,
      [
        'трап=gangway ladder',
        'без знака',
        'бухта = coil',
        '=пусто',
        'кнехт=bitts',
        'блокировка и маркировка=lockout/tagout',
        'клапан=valve\\задвижка=gate valve',
        'клапан=клапан',
      ].join('\n'),
    );
    await click(byRole(form, 'button', { name: 'Импортировать' }));
    const result = await until(() => byRole(form, 'status'));
    await until(() => expect(textIn(result)).toContain('Добавлено 3, уже есть 1, пропущено 4'));
    expect(allByRole(result, 'listitem').map(textIn)).toEqual([
      'Строка 2: нет знака «=» между русским и английским. без знака',
      'Строка 4: русская часть пуста. =пусто',
      'Строка 7: больше одного знака «=» — по одной паре ru=en в строке. клапан=valve\\задвижка=gate valve',
      'Строка 8: в английской части есть русские буквы. клапан=клапан',
    ]);
    expect(box.value).toBe('без знака\n=пусто\nклапан=valve\\задвижка=gate valve\nклапан=клапан');
    await until(() => expect(rows()).toHaveLength(topicSize('Mooring') + 4));
    expect(textIn(rowsWith('трап')[0] as HTMLElement)).toContain('gangway ladder');
    expect(textIn(rowsWith('бухта')[0] as HTMLElement)).toContain('coil');
    expect(textIn(rowsWith('блокировка')[0] as HTMLElement)).toContain('lockout/tagout');
  });

  it('bulk import takes JSON rows of the data format and reports bad rows', async () => {
    await registerAdmin();
    await go(app, '/dictionary');
    const form = await openDetails('Массовый импорт');
    await fill(
      byLabel(form, /^Слова: по одному в строке ru=en/),
      JSON.stringify([
        {
          ru: 'вахтенный журнал машинного отделения',
          en: 'engine room log book',
          topic: 'Company Words',
          division: 'engine',
          roles: ['2e'],
          kind: 'term',
          ref: 'industry',
        },
        { ru: 'без английского' },
        { ru: 'роль', en: 'role', roles: ['wizard'] },
      ]),
    );
    await click(byRole(form, 'button', { name: 'Импортировать' }));
    const result = await until(() => byRole(form, 'status'));
    await until(() => expect(textIn(result)).toContain('Добавлено 1, уже есть 0, пропущено 2'));
    expect(allByRole(result, 'listitem').map(textIn)).toEqual([
      'Строка 2: английская часть пуста.',
      'Строка 3: неизвестная роль wizard.',
    ]);
    await click(byRole(form, 'button', { name: 'Импортировать' }));
    await until(() =>
      expect(textIn(byRole(form, 'status'))).toContain('Добавлено 0, уже есть 1, пропущено 2'),
    );
    await go(app, '/dictionary?topic=Company%20Words');
    const row = await until(() => rowsWith('engine room log book')[0] as HTMLElement);
    expect(textIn(row)).toContain('2-й механик (2E)');
    expect(textIn(row)).toContain('industry');
  });
});
