import { describe, expect, it } from 'vitest';
import { KNOWN_ROLES } from '@/domain/roles';
import { detectImportFormat, parseWordImport } from '@/domain/word-import';

const rules = { knownRoles: KNOWN_ROLES };

describe('detectImportFormat', () => {
  it.each([
    ['кнехт=bitts', 'lines'],
    ['  [{"ru":"a","en":"b"}]', 'json'],
    ['{"words":[]}', 'json'],
    ['ru,en,topic\nкнехт,bitts,Mooring', 'csv'],
    ['ru;en\nкнехт;bitts', 'csv'],
    ['ru\ten\nкнехт\tbitts', 'csv'],
    ['ru=en', 'lines'],
  ])('%j is %s', (text, format) => {
    expect(detectImportFormat(text)).toBe(format);
  });
});

describe('ru=en lines', () => {
  it('keeps the pairs, reports the rest by line, and no longer splits on slashes', () => {
    const text = [
      'узел=knot',
      'no equals sign',
      '',
      'блокировка и маркировка=lockout/tagout',
      '=left empty',
      'right empty=',
      'а=b=c',
      'путь\\маршрут=route',
    ].join('\n');
    expect(parseWordImport(text, rules)).toEqual({
      format: 'lines',
      rows: [
        { ru: 'узел', en: 'knot', line: 1 },
        { ru: 'блокировка и маркировка', en: 'lockout/tagout', line: 4 },
        { ru: 'путь\\маршрут', en: 'route', line: 8 },
      ],
      problems: [
        { line: 2, reason: 'no-equals', text: 'no equals sign' },
        { line: 5, reason: 'missing-ru', text: '=left empty' },
        { line: 6, reason: 'missing-en', text: 'right empty=' },
        { line: 7, reason: 'several-equals', text: 'а=b=c' },
      ],
    });
  });

  it('reports two pairs run into one line, never importing one word of both', () => {
    const text = [
      'клапан=valve\\задвижка=gate valve',
      'клапан=valve задвижка=gate valve',
      'клапан=valve/задвижка=gate valve',
      'задвижка=gate valve',
    ].join('\n');
    expect(parseWordImport(text, rules)).toEqual({
      format: 'lines',
      rows: [{ ru: 'задвижка', en: 'gate valve', line: 4 }],
      problems: [
        { line: 1, reason: 'several-equals', text: 'клапан=valve\\задвижка=gate valve' },
        { line: 2, reason: 'several-equals', text: 'клапан=valve задвижка=gate valve' },
        { line: 3, reason: 'several-equals', text: 'клапан=valve/задвижка=gate valve' },
      ],
    });
  });

  it('reports Russian letters on the English side (Latin letters on the Russian side are fine)', () => {
    const text = [
      'клапан=клапан',
      'клапан=valve (клапан)',
      'ёлка=fir tree, ёлка',
      'клапан ДАУ=remote control valve',
      'ДАУ (DAU)=remote control',
    ].join('\n');
    expect(parseWordImport(text, rules)).toEqual({
      format: 'lines',
      rows: [
        { ru: 'клапан ДАУ', en: 'remote control valve', line: 4 },
        { ru: 'ДАУ (DAU)', en: 'remote control', line: 5 },
      ],
      problems: [
        { line: 1, reason: 'cyrillic-en', field: 'en', text: 'клапан=клапан' },
        { line: 2, reason: 'cyrillic-en', field: 'en', text: 'клапан=valve (клапан)' },
        { line: 3, reason: 'cyrillic-en', field: 'en', text: 'ёлка=fir tree, ёлка' },
      ],
    });
  });

  it('reports Russian letters on the English side of JSON and CSV rows too', () => {
    const json = JSON.stringify([
      { ru: 'клапан', en: 'клапан' },
      { ru: 'клапан', en: 'valve' },
    ]);
    expect(parseWordImport(json, rules)).toEqual({
      format: 'json',
      rows: [{ ru: 'клапан', en: 'valve', line: 2 }],
      problems: [{ line: 1, reason: 'cyrillic-en', field: 'en' }],
    });
    const csv = 'ru,en\nклапан,клапан\nклапан,valve';
    expect(parseWordImport(csv, rules)).toEqual({
      format: 'csv',
      rows: [{ ru: 'клапан', en: 'valve', line: 3 }],
      problems: [{ line: 2, reason: 'cyrillic-en', field: 'en', text: 'клапан,клапан' }],
    });
  });
});

describe('lengths', () => {
  it('refuses a side over 500 characters or a topic over 100, in every format, by line', () => {
    const long = 'x'.repeat(501);
    expect(parseWordImport(`узел=knot\nузел=${long}`, rules).problems).toEqual([
      { line: 2, reason: 'too-long', field: 'en', text: `узел=${long}` },
    ]);
    const json = JSON.stringify([
      { ru: 'узел', en: 'knot', topic: 't'.repeat(101) },
      { ru: long, en: 'knot' },
    ]);
    expect(parseWordImport(json, rules).problems).toEqual([
      { line: 1, reason: 'too-long', field: 'topic' },
      { line: 2, reason: 'too-long', field: 'ru' },
    ]);
  });
});

describe('JSON rows', () => {
  it('takes the data format, drops ids, and reports each invalid row by position', () => {
    const text = JSON.stringify([
      {
        id: 'dk001',
        ru: 'кнехт',
        en: 'bitts',
        topic: 'Mooring',
        roles: ['OS', 'bosun'],
        kind: 'term',
        ref: 'industry',
        alt: ['bollard'],
      },
      { ru: 'трап', en: '' },
      { ru: 'шпиль', en: 'capstan', kind: 'noun' },
      { ru: 'строп', en: 'sling', roles: ['captain'] },
      'not a row',
      { ru: 'Право на борт!', en: 'Hard-a-starboard!', spell: 'hard a starboard', colour: 'red' },
      { ru: 'Стоп травить!', en: 'Hold on!', kind: 'order', spell: false },
    ]);
    const result = parseWordImport(text, rules);
    expect(result.format).toBe('json');
    expect(result.rows).toEqual([
      {
        ru: 'кнехт',
        en: 'bitts',
        topic: 'Mooring',
        roles: ['OS', 'bosun'],
        kind: 'term',
        ref: 'industry',
        alt: ['bollard'],
        line: 1,
      },
      { ru: 'Стоп травить!', en: 'Hold on!', kind: 'order', spell: false, line: 7 },
    ]);
    expect(result.problems).toEqual([
      { line: 2, reason: 'missing-en', field: 'en' },
      { line: 3, reason: 'bad-kind', field: 'kind' },
      { line: 4, reason: 'unknown-role', field: 'captain' },
      { line: 5, reason: 'not-an-object' },
      { line: 6, reason: 'unknown-field', field: 'colour' },
    ]);
  });

  it('says so when the text is not JSON or not a list', () => {
    expect(parseWordImport('[{"ru": "a",', rules).problems).toEqual([
      { line: 1, reason: 'invalid-json' },
    ]);
    expect(parseWordImport('{"ru": "a"}', rules).problems).toEqual([
      { line: 1, reason: 'not-a-list' },
    ]);
    expect(parseWordImport('{"words":[{"ru":"а","en":"b"}]}', rules).rows).toEqual([
      { ru: 'а', en: 'b', line: 1 },
    ]);
  });
});

describe('CSV rows', () => {
  it('reads quoted cells, lists separated by |, and reports bad lines with their text', () => {
    const text = [
      'ru,en,topic,roles,kind,spell,ref,note',
      'кнехт,bitts,Mooring,os|bosun,term,,industry,',
      '"Стоп травить!","Hold on!",OS-commands,,order,false,"SMCP B1/3.1","says ""stop"""',
      'трап,,Mooring',
      '"открытая кавычка,bitts',
      'а,b,c,d,e,f,g,h,i',
      'шпиль,capstan,Mooring,cook|wizard',
    ].join('\r\n');
    const result = parseWordImport(text, rules);
    expect(result.format).toBe('csv');
    expect(result.rows).toEqual([
      {
        ru: 'кнехт',
        en: 'bitts',
        topic: 'Mooring',
        roles: ['os', 'bosun'],
        kind: 'term',
        ref: 'industry',
        line: 2,
      },
      {
        ru: 'Стоп травить!',
        en: 'Hold on!',
        topic: 'OS-commands',
        kind: 'order',
        spell: false,
        ref: 'SMCP B1/3.1',
        note: 'says "stop"',
        line: 3,
      },
    ]);
    expect(result.problems).toEqual([
      { line: 4, reason: 'missing-en', field: 'en', text: 'трап,,Mooring' },
      { line: 5, reason: 'csv-quote', text: '"открытая кавычка,bitts' },
      { line: 6, reason: 'csv-columns', text: 'а,b,c,d,e,f,g,h,i' },
      {
        line: 7,
        reason: 'unknown-role',
        field: 'wizard',
        text: 'шпиль,capstan,Mooring,cook|wizard',
      },
    ]);
  });

  it('refuses a header with a repeated column', () => {
    expect(parseWordImport('ru,en,en\nа,b,c', rules).problems).toEqual([
      { line: 1, reason: 'csv-header', field: 'en' },
    ]);
  });
});
