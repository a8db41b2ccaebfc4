/**
 * Spoken replies: the normaliser and the marker over the whole data. Every drill reply and every
 * phrase and order of the vocabulary, said right (as the device's voice reads it, or as a
 * recogniser writes it: figures, lower case, no punctuation, no articles), is marked right and
 * every key word said; said with a wrong message marker, a wrong digit or the opposite direction
 * it is marked wrong, naming the word; words left out are listed as missed, in order.
 */
import { describe, expect, it } from 'vitest';
import drillData from '@/data/drills.json';
import { VOCABULARY_FILES } from '@/data/vocabulary/builtin';
import { type Drill, readDrills, withWrongMarker } from '@/domain/drills';
import { heardWords, markSpoken, spokenForm, spokenWords } from '@/domain/spoken';

const drills: Drill[] = readDrills(drillData).drills;
const replies = drills.flatMap((drill) =>
  drill.turns.filter((turn) => turn.station === 'self').map((turn) => ({ drill, turn })),
);
const phrases = Object.values(VOCABULARY_FILES)
  .flat()
  .filter((row) => row.kind === 'phrase' || row.kind === 'order')
  .map((row) => row.en);

/** The phrase said: its gaps ("...") filled with a position's words. */
const filled = (text: string) => spokenForm(text).replace(/\.\.\.|…/g, 'one two three');

const DIGIT = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** As a recogniser writes it: lower case, no punctuation, digit words as figures, no articles. */
function asRecognised(text: string): string {
  return filled(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\b(the|a|an)\b/g, ' ')
    .replace(
      /\b(?:zero|one|two|three|four|five|six|seven|eight|nine)(?:\s+(?:zero|one|two|three|four|five|six|seven|eight|nine))*\b/g,
      (run) =>
        run
          .split(/\s+/)
          .map((word) => DIGIT.indexOf(word))
          .join(''),
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The key words of a text (what a pass needs said). */
const keyWords = (text: string) =>
  spokenWords(text)
    .filter((word) => !word.minor)
    .map((word) => word.text);

const OPPOSITE: Readonly<Record<string, string>> = {
  port: 'starboard',
  starboard: 'port',
  ahead: 'astern',
  astern: 'ahead',
  north: 'south',
  south: 'north',
  east: 'west',
  west: 'east',
  forward: 'aft',
  aft: 'forward',
  above: 'below',
  below: 'above',
  up: 'down',
  down: 'up',
  yes: 'no',
  over: 'out',
  out: 'over',
};

/** The first direction (or yes/no, over/out) word swapped for its opposite, or null. */
function withOppositeDirection(text: string): { text: string; word: string } | null {
  const found =
    /\b(port|starboard|ahead|astern|north|south|east|west|forward|aft|above|below|up|down|Yes|Over|Out)\b/.exec(
      text,
    );
  if (!found) return null;
  const word = found[1] as string;
  const opposite = OPPOSITE[word.toLowerCase()] as string;
  return {
    text: `${text.slice(0, found.index)}${opposite}${text.slice(found.index + word.length)}`,
    word,
  };
}

/** The first digit said changed to the next digit, or null. */
function withWrongDigit(text: string): { text: string; word: string } | null {
  const spoken = spokenForm(text);
  const found = /\b(zero|one|two|three|four|five|six|seven|eight|nine)\b/.exec(spoken);
  if (!found) return null;
  const word = found[1] as string;
  const other = DIGIT[(DIGIT.indexOf(word) + 1) % 10] as string;
  return {
    text: `${spoken.slice(0, found.index)}${other}${spoken.slice(found.index + word.length)}`,
    word,
  };
}

describe('the normaliser', () => {
  it('says numbers digit by digit and call signs in the phonetic alphabet (SMCP General 2, 10)', () => {
    expect(spokenForm('call sign 5BCD2. Speed 12 knots, channel 70, 2187.5 kHz, CO2.')).toBe(
      'call sign five Bravo Charlie Delta two. Speed one two knots, channel seven zero, two one eight seven decimal five kHz, CO two.',
    );
    expect(heardWords('course 045 niner tree fife').map((word) => word.key)).toEqual([
      'course',
      '0',
      '4',
      '5',
      '9',
      '3',
      '5',
    ]);
  });

  it('takes what the recogniser writes in other ways as the same words', () => {
    expect(
      markSpoken('My present course zero niner five degrees.', 'my present course 095 degrees')
        .pass,
    ).toBe(true);
    expect(
      markSpoken('I am manoeuvring with difficulty.', 'I am maneuvering with difficulty').pass,
    ).toBe(true);
    expect(markSpoken('Put ... shackles in the water.', 'put two shackles in water').pass).toBe(
      true,
    );
    expect(
      markSpoken('I have damage below waterline.', 'I have damage below water line').pass,
    ).toBe(true);
    expect(
      markSpoken('Stand by on VHF Channel one six.', 'stand by on v h f channel 16').pass,
    ).toBe(true);
    expect(
      markSpoken('Nordport VTS, this is Nordic Star.', 'Northport VTS this is Nordic Star').pass,
    ).toBe(true);
    expect(
      markSpoken('Flag H: I have a pilot on board', 'flag hotel I have pilot on board').pass,
    ).toBe(true);
    expect(markSpoken('My speed is one two knots.', 'my speed is one to knots').pass).toBe(true);
    // A number word is not said digit by digit (SMCP General 10).
    const sixteen = markSpoken(
      'Stand by on VHF Channel one six.',
      'stand by on VHF channel sixteen',
    );
    expect(sixteen.pass).toBe(false);
    expect(sixteen.wrong).toEqual(['one']);
    expect(sixteen.missed).toEqual(['six']);
  });

  it('lets minor words and fillers go, but not words that change the reply', () => {
    expect(markSpoken('I require a pilot.', 'um I require pilot').pass).toBe(true);
    expect(markSpoken('I require pilot.', 'I require the pilot').pass).toBe(true);
    const not = markSpoken('I am on fire.', 'I am not on fire');
    expect(not.pass).toBe(false);
    expect(not.extra).toEqual(['not']);
  });

  it('marks a gap said when words fill it, missed when none do', () => {
    const empty = markSpoken('Change to channel ...', 'change to channel');
    expect(empty.pass).toBe(false);
    expect(empty.missed).toEqual(['…']);
    const full = markSpoken('Change to channel ...', 'change to channel seven two');
    expect(full.words.at(-1)).toEqual({
      kind: 'expected',
      text: '…',
      mark: 'said',
      minor: false,
      heard: 'seven two',
    });
  });

  it('marks the recogniser alternative closest to the reply', () => {
    const result = markSpoken('Received, understood.', [
      'perceived under stood',
      'received understood',
    ]);
    expect(result.pass).toBe(true);
    expect(result.heard).toBe('received understood');
  });

  it('lists the words said, missed and wrong in the order of the reply', () => {
    const result = markSpoken(
      'Nordport VTS, this is Nordic Star. INTENTION. I will reduce my speed. Over.',
      'Nordport VTS this is Nordic Star information I will my speed out',
    );
    expect(result.pass).toBe(false);
    expect(result.wrong).toEqual(['INTENTION', 'Over']);
    expect(result.missed).toEqual(['reduce']);
    expect(result.said).toEqual([
      'Nordport',
      'VTS',
      'this',
      'is',
      'Nordic',
      'Star',
      'I',
      'will',
      'my',
      'speed',
    ]);
    expect(result.words.map((word) => (word.kind === 'expected' ? word.mark : 'extra'))).toEqual([
      'said',
      'said',
      'said',
      'said',
      'said',
      'said',
      'wrong',
      'said',
      'said',
      'missed',
      'said',
      'said',
      'wrong',
    ]);
  });
});

describe.each([
  [
    'every drill reply',
    replies.map(({ drill, turn }) => [`${drill.id}: ${turn.en}`, turn.en] as const),
  ],
  ['every phrase and order of the vocabulary', phrases.map((en) => [en, en] as const)],
])('%s', (_, cases) => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(100);
  });

  it('said right, as the voice reads it or a recogniser writes it, is marked right word for word', () => {
    for (const [name, en] of cases) {
      for (const heard of [filled(en), asRecognised(en)]) {
        const result = markSpoken(en, heard);
        expect({
          name,
          heard,
          pass: result.pass,
          missed: result.missed,
          wrong: result.wrong,
          extra: result.extra,
        }).toEqual({
          name,
          heard,
          pass: true,
          missed: [],
          wrong: [],
          extra: [],
        });
        expect(
          result.said.filter((word) => word !== '…'),
          name,
        ).toEqual(expect.arrayContaining(keyWords(en).filter((word) => word !== '…')));
      }
    }
  });

  it('with a wrong message marker, digit or direction, is marked wrong and the word named', () => {
    let changed = 0;
    for (const [name, en] of cases) {
      const marker = withWrongMarker(en);
      const slips = [
        marker
          ? {
              text: marker,
              word: /\b(QUESTION|ANSWER|INSTRUCTION|ADVICE|REQUEST|INFORMATION|INTENTION|WARNING|MAYDAY|PAN|SECURITE)\b/.exec(
                en,
              )?.[1] as string,
            }
          : null,
        withWrongDigit(en),
        withOppositeDirection(en),
      ];
      for (const slip of slips) {
        if (!slip) continue;
        changed++;
        const result = markSpoken(en, filled(slip.text));
        expect({ name, slip: slip.text, pass: result.pass }).toEqual({
          name,
          slip: slip.text,
          pass: false,
        });
        expect([...result.wrong, ...result.missed], `${name} / ${slip.text}`).toContain(
          spokenWords(slip.word)[0]?.text,
        );
      }
    }
    expect(changed).toBeGreaterThan(100);
  });

  it('with words left out, lists them as missed in order', () => {
    for (const [name, en] of cases) {
      const words = spokenWords(en);
      const keys = words
        .map((word, index) => ({ word, index }))
        .filter(({ word }) => !word.minor && !word.gap);
      if (keys.length < 3) continue;
      const left = [keys[1], keys[keys.length - 1]].map((key) => key?.index);
      const heard = words
        .filter((_, index) => !left.includes(index))
        .map((word) => (word.gap ? 'one two' : word.text))
        .join(' ');
      const result = markSpoken(en, heard);
      expect(result.pass, name).toBe(false);
      const notSaid = result.words.flatMap((word) =>
        word.kind === 'expected' && (word.mark === 'missed' || word.mark === 'wrong')
          ? [word.text]
          : [],
      );
      expect(notSaid, `${name} / ${heard}`).toEqual(
        left.map((index) => words[index as number]?.text),
      );
    }
  });
});

describe('the wrong replies of the drills', () => {
  it('are marked wrong when said, unless they say the same words (a figure for its digits)', () => {
    const sameWords: string[] = [];
    let wrongReplies = 0;
    for (const { drill, turn } of replies) {
      for (const wrong of turn.wrong ?? []) {
        wrongReplies++;
        const result = markSpoken(turn.en, filled(wrong));
        if (result.pass) sameWords.push(`${drill.id}: ${wrong}`);
      }
    }
    expect(wrongReplies).toBeGreaterThan(100);
    // A recogniser writes "sixteen" and "one six" alike as 16: these cannot be told apart by ear.
    for (const text of sameWords) expect(text).toMatch(/\d/);
    expect(sameWords.length).toBeLessThan(wrongReplies / 20);
  });
});
