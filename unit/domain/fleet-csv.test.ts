/**
 * The crew's CSV as spreadsheets open it: whatever separator a program splits a line at (the
 * comma of the file, the semicolon a Russian locale guesses, a tab, a pipe), with or without
 * reading the quotes, no cell a crew member's name or rank puts in it starts a formula.
 */
import { describe, expect, it } from 'vitest';
import { crewCsv } from '@/domain/fleet-dashboard';

/** What starts a formula in a cell, after any spaces (full-width forms too). */
const FORMULA = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The cells of `text` as a program that splits at `separator` and reads RFC 4180 quotes. */
function quotedCells(text: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at] as string;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator || char === '\r' || char === '\n') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/** The cells of `text` as a program that splits at `separator` and any line break, ignoring quotes. */
const plainCells = (text: string, separator: string) =>
  text.split(new RegExp(`[${separator === '|' ? '\\|' : separator}\\r\\n]`));

/** The cells of every way of opening `text` that start a formula (a tab or CR first counts). */
function formulas(text: string): string[] {
  return ['\t', ',', ';', '|'].flatMap((separator) =>
    [...quotedCells(text, separator), ...plainCells(text, separator)].filter(
      (cell) => FORMULA.test(cell) || /^[\t\r]/.test(cell),
    ),
  );
}

const csvOf = (name: string) => crewCsv(['Имя', 'MAST'], [[name, 5]]);

describe('the crew CSV', () => {
  it.each([
    ['starting with =', '=HYPERLINK("https://evil.example","Анна")'],
    ['starting with +', '+7 999 123-45-67'],
    ['starting with -', '-2+3+cmd|"/C calc"!A0'],
    ['starting with @', '@SUM(1+1)*cmd|"/C calc"!A0'],
    [
      'with ; then = (a Russian spreadsheet splits at ;)',
      'Анна;=HYPERLINK("https://evil.example")',
    ],
    ['with ; then spaces and =', 'Анна;  =1+1'],
    ['with , then +', 'Smith, +SUM(A1)'],
    ['with | then @', 'Анна|@SUM(1)'],
    ['starting with a tab', '\t=1+1'],
    ['with a tab then -', 'Анна\t-1+1'],
    ['starting with CR', '\r=1+1'],
    ['with a CR then =', 'Анна\r=1+1'],
    ['with a line break then =', 'Анна\n=1+1'],
    ['starting with a full-width =', '\uFF1D1+1'],
  ])('gives no spreadsheet a formula from a name %s', (_, name) => {
    expect(formulas(csvOf(name))).toEqual([]);
  });

  it('keeps ordinary names, ranks and numbers as they are', () => {
    const text = crewCsv(
      ['Имя', 'Звание', 'MAST', 'Синхронизация'],
      [
        ['Анна Смирнова-Ветрова', 'Старший матрос', 12, '27.11.2026 10:00'],
        ['Jean-Pierre', 'AB', -3, '—'],
      ],
    );
    expect(text.split('\r\n')).toEqual([
      'Имя,Звание,MAST,Синхронизация',
      'Анна Смирнова-Ветрова,Старший матрос,12,27.11.2026 10:00',
      'Jean-Pierre,AB,-3,—',
    ]);
  });

  it('quotes a cell that holds any separator, so a spreadsheet that reads quotes keeps it whole', () => {
    const text = csvOf('Smith; "Jo", Jr');
    expect(text.split('\r\n')[1]).toBe('"Smith; ""Jo"", Jr",5');
    const row = text.split('\r\n')[1] as string;
    expect(quotedCells(row, ',')).toEqual(['Smith; "Jo", Jr', '5']);
    // Split at semicolons the line is one cell: the name is not cut in two.
    expect(quotedCells(row, ';')).toEqual(['Smith; "Jo", Jr,5']);
  });
});
