// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Vessel } from '@/domain/fleet';
import type { CrewRow } from '@/domain/fleet-summary';
import { VesselCards } from '@/features/fleet/vessel-cards';
import { VesselView } from '@/features/fleet/vessel-view';
import { I18nProvider, loadTexts } from '@/i18n';
import { allByRole, byLabel, byRole, click, fill, selectOption, textIn } from '../support/screen';

const NOW = Date.UTC(2026, 10, 2, 12);
const DAY = 24 * 60 * 60 * 1000;

const row = (n: number, fields: Partial<CrewRow> = {}): CrewRow => ({
  uid: `u${n}`,
  vessel: n % 2 === 0 ? 'v-north' : 'v-south',
  name: `Моряк ${String(n).padStart(3, '0')}`,
  role: 'ab',
  rank: 'L1',
  // Learned words run the other way from the names, so sorting by MAST reorders the crew.
  mast: 1000 - n,
  due: n % 7,
  overdue: 0,
  lastActive: NOW - DAY,
  version: '0.2.0',
  syncedAt: NOW - (n % 10) * DAY,
  detail: { learning: 0, a30: [0, 0], t: [], d: [], weak: [], ex: [], wk: [] },
  ...fields,
});

const crewOf = (count: number) => Array.from({ length: count }, (_, index) => row(index + 1));

describe('the crew table a page at a time', () => {
  let host: HTMLDivElement;
  let root: Root;

  beforeEach(async () => {
    await loadTexts('fleet');
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });

  const restore: (() => void)[] = [];

  afterEach(async () => {
    await act(async () => root.unmount());
    document.body.innerHTML = '';
    vi.restoreAllMocks();
    for (const undo of restore.splice(0)) undo();
  });

  async function show(rows: CrewRow[], vesselNames?: ReadonlyMap<string, string>) {
    await act(async () => {
      root.render(
        <I18nProvider lang="ru">
          <VesselView
            name="Северный"
            rows={rows}
            vesselNames={vesselNames}
            now={NOW}
            onBack={() => {}}
          />
        </I18nProvider>,
      );
    });
  }

  const names = () =>
    allByRole(host, 'row')
      .filter((tr) => tr.dataset.testid === 'crew-row')
      .map((tr) => textIn(tr.querySelector('th') as HTMLElement));
  const pager = () => byRole(host, 'navigation', { name: 'Страницы' });
  const range = () => textIn(byRole(pager(), 'status'));

  it('shows a long crew fifty rows at a time, with the page to go to by button or by number', async () => {
    await show(crewOf(120));
    expect(names()).toHaveLength(50);
    expect(names()[0]).toBe('Моряк 001');
    expect(names().at(-1)).toBe('Моряк 050');
    expect(range()).toBe('Строки 1–50 из 120');

    await click(byRole(pager(), 'button', { name: 'Следующая страница' }));
    expect(names()[0]).toBe('Моряк 051');
    expect(range()).toBe('Строки 51–100 из 120');

    await selectOption(byLabel<HTMLSelectElement>(pager(), 'Страница'), '3 из 3');
    expect(names()).toHaveLength(20);
    expect(names().at(-1)).toBe('Моряк 120');
    expect(range()).toBe('Строки 101–120 из 120');

    // At the end the button stays where the keyboard is, and says it does nothing.
    const next = byRole(pager(), 'button', { name: 'Следующая страница' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    await click(next);
    expect(range()).toBe('Строки 101–120 из 120');

    await click(byRole(pager(), 'button', { name: 'Предыдущая страница' }));
    expect(range()).toBe('Строки 51–100 из 120');
  });

  it('sorts the whole crew, not the page, and starts again at the first page', async () => {
    await show(crewOf(120));
    await click(byRole(pager(), 'button', { name: 'Следующая страница' }));
    await click(byRole(host, 'button', { name: 'Сортировать: MAST' }));
    // Most learned first: the crew member with the most words is on page 2 by name.
    expect(names()[0]).toBe('Моряк 001');
    await click(byRole(host, 'button', { name: 'Сортировать: MAST' }));
    expect(names()[0]).toBe('Моряк 120');
    expect(range()).toBe('Строки 1–50 из 120');
  });

  it('finds crew by name or post across every page', async () => {
    await show(crewOf(120));
    await click(byRole(pager(), 'button', { name: 'Следующая страница' }));
    await fill(byLabel(host, 'Найти по имени, должности или судну'), 'моряк 11');
    // 011 and 110..119: one page, so no pager.
    expect(names()).toEqual([
      'Моряк 011',
      ...Array.from({ length: 10 }, (_, index) => `Моряк ${110 + index}`),
    ]);
    expect(allByRole(host, 'navigation')).toHaveLength(0);
    await fill(byLabel(host, 'Найти по имени, должности или судну'), 'боцман');
    expect(names()).toEqual([]);
    expect(textIn(byRole(host, 'status'))).toBe('Под «боцман» никто не подходит.');
  });

  it('exports every row of the crew to CSV, not the page shown', async () => {
    const blobs: Blob[] = [];
    // The file the browser would save: the blob handed to it, not a download.
    const urls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      blobs.push(blob as Blob);
      return 'blob:crew';
    };
    URL.revokeObjectURL = () => {};
    restore.push(() => {
      URL.createObjectURL = urls.create;
      URL.revokeObjectURL = urls.revoke;
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await show(crewOf(120));
    await click(byRole(host, 'button', { name: 'Выгрузить CSV' }));
    const lines = (await (blobs[0] as Blob).text()).replace(/^\ufeff/, '').split('\r\n');
    expect(lines).toHaveLength(121);
    expect(lines[1]).toMatch(/^Моряк 001,/);
    expect(lines[120]).toMatch(/^Моряк 120,/);
  });

  it('shows the whole fleet with each crew member’s vessel, found by the vessel’s name', async () => {
    const vessels = new Map([
      ['v-north', 'Северный'],
      ['v-south', 'Южный'],
    ]);
    await show(crewOf(120), vessels);
    const headers = allByRole(host, 'columnheader').map(textIn);
    expect(headers.slice(0, 3)).toEqual(['Имя ▲', 'Судно', 'Должность']);
    expect(range()).toBe('Строки 1–50 из 120');
    await fill(byLabel(host, 'Найти по имени, должности или судну'), 'южный');
    expect(range()).toBe('Строки 1–50 из 60');
    expect(names()[0]).toBe('Моряк 001');
    expect(names()[1]).toBe('Моряк 003');
  });

  it('has no pager for a crew that fits on one page', async () => {
    await show(crewOf(50));
    expect(names()).toHaveLength(50);
    expect(allByRole(host, 'navigation')).toHaveLength(0);
  });

  it('pages the vessel cards of a large fleet', async () => {
    const vessels: Vessel[] = Array.from({ length: 30 }, (_, index) => ({
      id: `v${index + 1}`,
      name: `Судно ${index + 1}`,
      imo: '9074729',
    }));
    const opened: string[] = [];
    await act(async () => {
      root.render(
        <I18nProvider lang="ru">
          <VesselCards
            vessels={vessels}
            crew={{ v1: [row(1), row(2)] }}
            now={NOW}
            onOpen={(id) => opened.push(id)}
          />
        </I18nProvider>,
      );
    });
    const cards = () => allByRole(host, 'heading', { level: 3 }).map(textIn);
    expect(cards()).toHaveLength(24);
    expect(range()).toBe('Суда 1–24 из 30');
    await click(byRole(pager(), 'button', { name: 'Следующая страница' }));
    expect(cards()).toEqual(Array.from({ length: 6 }, (_, index) => `Судно ${index + 25}`));
    await click(byRole(host, 'button', { name: 'Открыть Судно 30' }));
    expect(opened).toEqual(['v30']);
  });
});
