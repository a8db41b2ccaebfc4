import { describe, expect, it } from 'vitest';
import {
  builtinVocabulary,
  builtinWords,
  LEGACY_V1_INSTALLED,
  VOCABULARY_FILES,
} from '@/data/vocabulary/builtin';
import topicNamesRu from '@/data/vocabulary/topic-names.json';
import { VOCABULARY_VERSION } from '@/data/vocabulary/version';
import { CATALOGUE_DIVISIONS, COMMON_DIVISION } from '@/domain/constants';
import { DEFAULT_ROLES, KNOWN_ROLES, matchesRole } from '@/domain/roles';
import { spellingTarget } from '@/domain/spelling';
import { deriveTopics, inDivision } from '@/domain/topics';
import type { VocabItem } from '@/domain/types';
import {
  checkVocabRow,
  isSpellableText,
  MAX_TILE_LETTERS,
  tileText,
  vocabFingerprint,
} from '@/domain/vocabulary';
import { installedRecordOf } from '@/domain/vocabulary-update';
import v1 from '../fixtures/vocabulary-v1.json';

const words = builtinWords();
const rows = Object.entries(VOCABULARY_FILES).flatMap(([file, list]) =>
  list.map((row) => ({ file, row })),
);

/** Texts compared for duplicates: case, inner spacing and closing punctuation ignored. */
const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[!?.,;:]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The words a learner of a division sees: its own and the common core. */
const scopeOf = (division: string) => words.filter((w) => inDivision(w.division, division));

describe('built-in vocabulary data', () => {
  it('has at least 1,500 pairs', () => {
    expect(words.length).toBeGreaterThanOrEqual(1500);
  });

  it('has rows that pass the strict row check: every field, known roles, a reference', () => {
    for (const { file, row } of rows) {
      expect(checkVocabRow(row, { knownRoles: KNOWN_ROLES, strict: true }), row.id).toEqual([]);
      expect(row.division, row.id).toBe(file);
    }
  });

  it('has unique ids across every file', () => {
    const ids = words.map((w) => w.id);
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(repeated).toEqual([]);
  });

  it('has no duplicate English or Russian within a division and its common core', () => {
    for (const division of CATALOGUE_DIVISIONS) {
      for (const side of ['langA', 'langB'] as const) {
        const seen = new Map<string, string>();
        const repeated: string[] = [];
        for (const word of scopeOf(division)) {
          const key = comparable(word[side]);
          const first = seen.get(key);
          if (first) repeated.push(`${first} = ${word.id}: ${word[side]}`);
          else seen.set(key, word.id);
        }
        expect(repeated, `${division} ${side}`).toEqual([]);
      }
    }
  });

  it('gives no Russian prompt of one kind two English answers that differ only by an article', () => {
    // Across divisions too: a learner of two divisions meets both rows (and a bridge tablet and a
    // deck phone would teach two versions of one SMCP sentence).
    const bare = (text: string) => comparable(text).replace(/\b(the|a|an)\s+/g, '');
    const answers = new Map<string, Map<string, VocabItem>>();
    const twins: string[] = [];
    for (const word of words) {
      const prompt = `${word.kind}|${comparable(word.langA)}`;
      const byBare = answers.get(prompt) ?? new Map<string, VocabItem>();
      answers.set(prompt, byBare);
      const other = byBare.get(bare(word.langB));
      if (other && comparable(other.langB) !== comparable(word.langB)) {
        twins.push(`${other.id} «${other.langB}» / ${word.id} «${word.langB}»`);
      }
      if (!other) byBare.set(bare(word.langB), word);
    }
    expect(twins).toEqual([]);
  });

  it('puts Russian on the Russian side and English on the English side', () => {
    for (const word of words) {
      expect(word.langA, word.id).toMatch(/[А-Яа-яЁё]/);
      expect(word.langB, word.id).not.toMatch(/[А-Яа-яЁё]/);
    }
  });

  it('has at least 8 words in every topic', () => {
    const thin = deriveTopics(words)
      .map((topic) => ({
        topic: topic.id,
        count: words.filter((w) => w.division === topic.division && w.topic === topic.name).length,
      }))
      .filter(({ count }) => count < 8);
    expect(thin).toEqual([]);
  });

  it('names every built-in topic in Russian (topic-names.json)', () => {
    const names: Record<string, string> = topicNamesRu;
    const missing = deriveTopics(words)
      .map((topic) => topic.name)
      .filter((name) => !/[А-Яа-яЁё]/.test(names[name] ?? ''));
    expect(missing).toEqual([]);
  });

  it('gives every word a spelling question of letters and spaces, at most 24 letters, or none', () => {
    for (const word of words) {
      const text = tileText(word);
      if (text === null) continue;
      expect(isSpellableText(text), `${word.id}: ${text}`).toBe(true);
      const target = spellingTarget(text);
      expect(target.replace(/_/g, '').length, word.id).toBeLessThanOrEqual(MAX_TILE_LETTERS);
      expect(target, word.id).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
    }
  });

  it('spells orders with hyphens as separate words', () => {
    const hardAPort = words.find((w) => w.langB === 'Hard-a-port!');
    expect(hardAPort).toBeDefined();
    expect(spellingTarget(tileText(hardAPort as VocabItem) as string)).toBe('HARD_A_PORT');
  });

  it('carries a reference on every pair, and the SMCP section on the standard orders', () => {
    for (const word of words) expect(word.ref?.trim(), word.id).toBeTruthy();
    // The standard wheel (SMCP A2/1) and engine (SMCP A2/2) orders, as the SMCP writes them.
    const standard: [string, RegExp][] = [
      ...[
        'Midships!',
        'Port five!',
        'Port ten!',
        'Port fifteen!',
        'Port twenty!',
        'Hard-a-port!',
        'Starboard five!',
        'Starboard ten!',
        'Starboard fifteen!',
        'Starboard twenty!',
        'Hard-a-starboard!',
        'Steady!',
        'Steady as she goes!',
        'Nothing to port!',
        'Nothing to starboard!',
      ].map((en): [string, RegExp] => [en, /^SMCP A2\/1/]),
      ...[
        'Full ahead!',
        'Half ahead!',
        'Slow ahead!',
        'Dead slow ahead!',
        'Stop engine!',
        'Dead slow astern!',
        'Slow astern!',
        'Half astern!',
        'Full astern!',
        'Finished with engine!',
      ].map((en): [string, RegExp] => [en, /^SMCP A2\/2/]),
    ];
    for (const [en, ref] of standard) {
      const word = words.find((w) => w.langB === en);
      expect(word?.ref, en).toMatch(ref);
    }
    // Every SMCP reference names the phrases' part (A or B) or the General section.
    for (const word of words.filter((w) => /SMCP/.test(w.ref ?? ''))) {
      expect(word.ref, word.id).toMatch(/^SMCP( (General|Glossary|[AB]\d?)|$)/);
    }
    expect(words.filter((w) => /^SMCP/.test(w.ref ?? '')).length).toBeGreaterThanOrEqual(200);
  });

  it('keeps every word of the first vocabulary the specification names, by id', () => {
    const ids = new Set(words.map((w) => w.id));
    const required = [
      ...Array.from({ length: 20 }, (_, n) => `os${String(n + 1).padStart(3, '0')}`),
      ...Array.from({ length: 20 }, (_, n) => `br${String(n + 1).padStart(3, '0')}`),
      ...Array.from({ length: 39 }, (_, n) => `dk${String(n + 1).padStart(3, '0')}`),
      ...Array.from({ length: 133 }, (_, n) => `eng${n + 201}`),
      ...Array.from({ length: 9 }, (_, n) => `gal00${n + 1}`),
    ];
    expect(required.filter((id) => !ids.has(id))).toEqual([]);
    const os = words.filter((w) => w.topic === 'OS-commands');
    for (const word of os) expect(word.roles, word.id).toEqual(expect.arrayContaining(['os']));
  });

  it('fixes the known weak pairs', () => {
    const en = (id: string) => words.find((w) => w.id === id)?.langB;
    expect(en('br010')).toBe('Steady!');
    expect(en('os011')).toBe('Hold on!');
    expect(en('br020')).toMatch(/port|starboard/i);
    expect(en('eng227')).toBe('emergency diesel generator');
    expect(en('eng257')).toBe('sea chest valve');
    expect(en('eng270')).toBe('paralleling generators');
    expect(en('eng303')).toBe('alarm and monitoring system');
    expect(en('dk039')).not.toBe('the Chief');
    expect(words.find((w) => w.id === 'dk038')?.kind).toBe('idiom');
  });

  it('applies the content review of the SMCP rows (issue 39)', () => {
    const word = (id: string) => words.find((w) => w.id === id) as VocabItem;
    // The LSA Code's Russian text: a liferaft launched «с помощью плот-балки», not a boat davit.
    expect(word('gen140').langA).toMatch(/плот-балк/);
    expect(word('br505').langA).toMatch(/властям/);
    // The adopted A1/1.1.11 says "persons", and the ЦНИИМФ edition «люди».
    expect(word('br567')).toMatchObject({
      langB: 'I have lost persons overboard in position ... .',
      ref: 'SMCP A1/1.1.11',
    });
    expect(word('br568').ref).toBe('SMCP A1/1.1.11');
    // Not in A1/1.1.11: its reference says it comes from the draft only.
    expect(word('br569').ref).toMatch(/draft/);
    for (let n = 543; n <= 563; n += 1) expect(word(`br${n}`).ref, `br${n}`).toBe('SMCP A1/1.2');
  });

  it('teaches the SMCP sections found for issue 39, and no wording the SMCP does not have', () => {
    const sections: [RegExp, number][] = [
      [/^SMCP A1\/5\.1$/, 25],
      [/^SMCP A1\/1\.1\.8$/, 3],
      [/^SMCP A1\/1\.1\.11$/, 4],
      [/^SMCP A1\/4\.3$/, 8],
      [/^SMCP A1\/1\.2\.[12]$/, 25],
      [/^SMCP A1\/2\.[23]$/, 8],
      [/^SMCP B3\//, 12],
    ];
    for (const [ref, least] of sections) {
      expect(words.filter((w) => ref.test(w.ref ?? '')).length, String(ref)).toBeGreaterThanOrEqual(
        least,
      );
    }
    // Cancelling a false distress alert is IMO Res. A.814(19), never labelled SMCP.
    const cancel = words.filter((w) => /cancel my distress alert/i.test(w.langB));
    expect(cancel.length).toBeGreaterThan(0);
    for (const w of cancel) expect(w.ref, w.id).toMatch(/A\.814\(19\)/);
    const notSmcp = words.filter((w) => /abandoning vessel|winching area/i.test(w.langB));
    expect(notSmcp.map((w) => w.id)).toEqual([]);
  });

  it('splits the VTS phrases into the SMCP A1/6 subsections their references name', () => {
    const subsections: [string, string][] = [
      ['SMCP A1/6.1', 'VTS Traffic Data'],
      ['SMCP A1/6.2.1', 'VTS Information Service'],
      ['SMCP A1/6.2.2', 'VTS Navigational Assistance'],
      ['SMCP A1/6.2.3', 'VTS Traffic Organization'],
    ];
    const vts = words.filter((w) => w.division === 'bridge' && /^VTS\b/.test(w.topic));
    for (const word of vts) {
      const [, topic] =
        subsections.find(([ref]) => word.ref === ref || word.ref?.startsWith(`${ref}.`)) ?? [];
      expect(word.topic, word.id).toBe(topic ?? 'VTS');
    }
    const sizes = new Map<string, number>();
    for (const word of vts) sizes.set(word.topic, (sizes.get(word.topic) ?? 0) + 1);
    expect(sizes.size).toBe(subsections.length + 1);
    for (const [topic, size] of sizes) expect(size, topic).toBeLessThanOrEqual(45);
  });

  it('lets every default role see at least 300 words of its own division and the common core', () => {
    for (const [division, roles] of Object.entries(DEFAULT_ROLES)) {
      for (const role of roles) {
        const visible = scopeOf(division).filter((w) => matchesRole(w, role));
        expect(visible.length, `${division}/${role}`).toBeGreaterThanOrEqual(300);
      }
    }
  });

  it('gives engine ratings words of their own', () => {
    for (const role of ['motorman', 'oiler', 'fitter']) {
      expect(words.filter((w) => w.roles?.includes(role)).length, role).toBeGreaterThanOrEqual(8);
    }
  });

  it('ships the common core as a division of its own with default roles for every division', () => {
    const shipped = builtinVocabulary();
    expect(shipped.version).toBe(VOCABULARY_VERSION);
    expect(shipped.divisions.map((d) => d.id)).toContain(COMMON_DIVISION);
    expect(shipped.roles.map((r) => r.id)).toContain('deck::ab');
    expect(words.filter((w) => w.division === COMMON_DIVISION).length).toBeGreaterThan(250);
  });
});

describe('the first vocabulary as the upgrade knows it', () => {
  it('matches the digests of the words, topics and roles that version installed', () => {
    const first = v1 as VocabItem[];
    const record = installedRecordOf({
      version: 1,
      words: first,
      topics: deriveTopics(first),
      roles: [],
      divisions: [],
    });
    expect(LEGACY_V1_INSTALLED.version).toBe(1);
    expect(LEGACY_V1_INSTALLED.words).toEqual(record.words);
    expect(LEGACY_V1_INSTALLED.topics).toEqual(record.topics);
    expect(LEGACY_V1_INSTALLED.roles).toContain('deck::os');
    expect(LEGACY_V1_INSTALLED.roles).not.toContain('deck::ab');
    expect(vocabFingerprint(first[0] as VocabItem)).toBe(LEGACY_V1_INSTALLED.words.os001);
  });
});
