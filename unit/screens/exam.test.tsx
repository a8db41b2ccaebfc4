// @vitest-environment happy-dom
/**
 * The exam's screens: the start (the prediction, a department without posts, the order of the
 * departments), a failed result and its sheet, and a sitting whose time runs out.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useExamStore } from '@/stores/exam-store';
import { go, type OpenedApp, registerViaUi, untilPath } from '../support/app';
import {
  allByRole,
  allByText,
  byLabel,
  byRole,
  byText,
  click,
  selectOption,
  textIn,
  until,
} from '../support/screen';

let app: OpenedApp;

afterEach(async () => {
  await app?.close();
  useExamStore.setState({ run: null, outcome: null, refused: null });
  localStorage.clear();
});

const NO_DATA =
  'Прогноза пока нет: он строится по вашим ответам при повторении слов, а их пока слишком мало.';
const COMMON_NO_POST =
  'В разделе «Общий курс» нет должностей: экзамен сдают по должности одной из служб, а эти слова входят в экзамен каждой службы. Выберите свою службу и должность.';

/** A new learner on /exam with the deck's OS post chosen. */
async function examOfOs(): Promise<void> {
  app = await registerViaUi();
  await go(app, '/exam');
  await until(() => byRole(app.host, 'heading', { level: 1, name: 'Экзамен' }));
  await selectOption(byLabel<HTMLSelectElement>(app.host, 'Служба'), 'Палуба');
  await selectOption(byLabel<HTMLSelectElement>(app.host, 'Должность'), 'Матрос (OS)');
}

async function startExam(): Promise<void> {
  await examOfOs();
  const start = byRole(app.host, 'button', { name: 'Начать экзамен' });
  await until(() => expect(start.hasAttribute('disabled')).toBe(false));
  await click(start);
  await until(() => byRole(app.host, 'heading', { level: 1, name: 'Вопрос 1 из 40' }));
}

describe('the exam’s start', () => {
  it('makes no prediction before the learner has answered anything', async () => {
    await examOfOs();
    await until(() => byText(app.host, NO_DATA));
    expect(allByText(app.host, /Прогноз по вашим ответам/, false)).toHaveLength(0);
    expect(allByText(app.host, /25/, false)).toHaveLength(0);
  });

  it('lists the departments in the order of every other screen', async () => {
    app = await registerViaUi();
    await go(app, '/exam');
    const field = await until(() => byLabel<HTMLSelectElement>(app.host, 'Служба'));
    expect([...field.options].map((option) => textIn(option))).toEqual([
      '—',
      'Палуба',
      'Машина',
      'Мостик',
      'Камбуз',
      'Общий курс',
    ]);
  });

  it('says why Start waits when the common core, which has no posts, is chosen', async () => {
    app = await registerViaUi();
    await go(app, '/exam');
    await until(() => byLabel<HTMLSelectElement>(app.host, 'Служба'));
    await selectOption(byLabel<HTMLSelectElement>(app.host, 'Служба'), 'Общий курс');
    const start = byRole(app.host, 'button', { name: 'Начать экзамен' });
    const notice = await until(() => byText(app.host, COMMON_NO_POST));
    expect(start.hasAttribute('disabled')).toBe(true);
    expect(start.getAttribute('aria-describedby')).toBe(notice.id);
    // A department with posts: the usual word, then none once a post is chosen.
    await selectOption(byLabel<HTMLSelectElement>(app.host, 'Служба'), 'Машина');
    await until(() =>
      byText(app.host, 'Выберите должность: экзамен сдают по конкретной должности.'),
    );
    expect(allByText(app.host, COMMON_NO_POST)).toHaveLength(0);
  });
});

describe('the exam’s end', () => {
  it('offers a failed exam a result sheet, not a certificate, named so on the sheet', async () => {
    await startExam();
    await click(byRole(app.host, 'button', { name: 'Завершить экзамен' }));
    const dialog = await until(() => byRole(document.body, 'alertdialog'));
    await click(byRole(dialog, 'button', { name: 'Завершить экзамен' }));
    await until(() => byRole(app.host, 'heading', { level: 1, name: 'Экзамен не сдан' }));
    // Left early: time was left, and the result does not say it ran out.
    expect(allByText(app.host, /Время вышло/, false)).toHaveLength(0);
    const sheet = await until(() => byRole(app.host, 'link', { name: 'Лист результатов' }));
    expect(allByRole(app.host, 'link', { name: 'Сертификат' })).toHaveLength(0);
    await click(sheet);
    await untilPath(app, /^\/exam\/.+/);
    await until(() =>
      byRole(app.host, 'heading', {
        level: 1,
        name: 'Лист результатов экзамена по морскому английскому',
      }),
    );
    expect(allByText(app.host, /Сертификат/, false)).toHaveLength(0);
  });

  it('says on the result that the time ran out, with no notice over its heading', async () => {
    await startExam();
    // The sitting began 31 minutes ago: the next tick of its clock ends it.
    const run = useExamStore.getState().run;
    if (!run) throw new Error('no exam running');
    await act(async () => {
      useExamStore.setState({ run: { ...run, startedAt: Date.now() - 31 * 60_000 } });
    });
    const heading = await until(
      () => byRole(app.host, 'heading', { level: 1, name: 'Экзамен не сдан' }),
      5_000,
    );
    const said = byText(app.host, 'Время вышло: экзамен завершился сам. Без ответа: 40.');
    expect(heading.closest('section')?.contains(said)).toBe(true);
    // Said once, on the result: no toast over the heading.
    expect(allByText(document.body, /Время вышло/, false)).toEqual([said]);
  });
});
