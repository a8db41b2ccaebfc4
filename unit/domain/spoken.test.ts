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

/**
 * What a recogniser (Chrome's, en-GB/en-US) really writes for replies said right, written by hand
 * and not built from the app's own spoken form: figures, the degree sign, contractions, names and
 * the priority signals as it knows them.
 */
const HEARD_RIGHT: readonly (readonly [expected: string, heard: string])[] = [
  [
    'MAYDAY MAYDAY MAYDAY. This is Nordic Star, Nordic Star, Nordic Star, call sign 5BCD2. MAYDAY Nordic Star. My position bearing one eight zero degrees, distance six nautical miles from Nordport Lighthouse. I am on fire. I require fire fighting assistance. Over.',
    "Mayday Mayday Mayday this is Nordic star Nordic star Nordic star call sign 5 Bravo Charlie Delta 2 may day Nordic star my position bearing 180° distance 6 nautical miles from North Port lighthouse I'm on fire I require firefighting assistance over",
  ],
  [
    'SECURITE SECURITE SECURITE. All stations, all stations, all stations. This is Nordic Star, call sign 5BCD2. Drifting object in position bearing one eight zero degrees, distance six nautical miles from Nordport Lighthouse. Wide berth requested. Out.',
    'security security security all stations all stations all stations this is Nordic Star call sign 5 Bravo Charlie Delta two drifting object in position bearing 180 degrees distance 6 nautical miles from Nordport lighthouse wide berth requested out',
  ],
  ['SECURITE', 'Sécurité'],
  ['SECURITE', 'say cure e tay'],
  ['SEELONCE MAYDAY', 'silence Mayday'],
  ['SEELONCE FEENEE', 'see lonce feeney'],
  ['PAN-PAN', 'pan pan'],
  [
    'PAN-PAN PAN-PAN PAN-PAN. Nordport MRCC, this is Nordic Star, call sign 5BCD2. My position bearing one eight zero degrees, distance six nautical miles from Nordport Lighthouse. I require medical assistance. Over.',
    'Pan-Pan Pan-Pan Pan-Pan Nordport mrcc this is Nordic Star call sign five Bravo Charlie delta 2 my position bearing 180° distance six nautical miles from Nordport Lighthouse I require medical assistance over',
  ],
  [
    'Nordport MRCC, this is Nordic Star. Flooding is under control. I do not require assistance. Over.',
    "Nordport MRCC this is Nordic Star flooding is under control I don't require assistance over",
  ],
  ['I am on fire.', "I'm on fire"],
  ["I don't understand.", 'I do not understand'],
  ['I cannot beach.', "I can't beach"],
  ['I cannot control flooding.', 'I can not control flooding'],
  [
    'Nordport VTS, this is Nordic Star. I will not cross the fairway. Out.',
    "Nordport VTS this is Nordic star I won't cross the fairway out",
  ],
  [
    'Nordport VTS, this is Nordic Star. My present course is zero four five degrees, my speed is one two knots. Over.',
    'Nordport VTS this is Nordic Star my present course is 045° my speed is 12 knots over',
  ],
  [
    'Nordport VTS, this is Nordic Star. I will anchor until the pilot arrives. Out.',
    "Nordport VTS this is Nordic Star I'll anchor until the pilot arrives out",
  ],
  [
    'Forward station, this is bridge. We are going to anchorage. Stand by port anchor for letting go. Over.',
    "forward station this is bridge we're going 2 anchorage standby port anchor 4 letting go over",
  ],
  [
    'Nordic Star, this is Nordport Port Control. Wait for the tugs in position bearing one eight zero degrees, distance six nautical miles from Nordport Lighthouse. Over.',
    'Nordic Star this is Nordport port control wait 4 the tugs in position bearing 180 degrees distance 6 nautical miles from Nordport Lighthouse over',
  ],
  [
    'Sea Falcon, this is Nordic Star. I will change to channel seven two. Out.',
    'sea falcon this is Nordic Star I will change to channel 72 out',
  ],
];

/** Replies said wrong, as a recogniser writes them: each must fail, naming the word. */
const HEARD_WRONG: readonly (readonly [expected: string, heard: string, word: string])[] = [
  ['I am on fire.', "I'm not on fire", 'not'],
  ['I do not require assistance.', 'I require assistance', 'do'],
  ["I don't understand.", 'I understand', 'don'],
  ['SECURITE SECURITE SECURITE.', 'pan pan pan pan pan pan', 'SECURITE'],
  ['SEELONCE MAYDAY', 'silence', 'MAYDAY'],
  // A call sign's letters are said in the phonetic alphabet (SMCP General 2), not as letters.
  ['This is Nordic Star, call sign 5BCD2.', 'this is Nordic Star call sign 5bcd2', 'Bravo'],
  ['My present course is zero four five degrees.', 'my present course is 054°', 'four'],
  ['Stand by port anchor for letting go.', 'stand by port anchor 5 letting go', 'for'],
];

describe('what a recogniser writes', () => {
  it.each(HEARD_RIGHT)('%s — heard "%s" — is marked right', (expected, heard) => {
    const result = markSpoken(expected, heard);
    expect({
      pass: result.pass,
      missed: result.missed,
      wrong: result.wrong,
      extra: result.extra,
    }).toEqual({ pass: true, missed: [], wrong: [], extra: [] });
  });

  it.each(HEARD_WRONG)('%s — heard "%s" — is marked wrong', (expected, heard, word) => {
    const result = markSpoken(expected, heard);
    expect(result.pass).toBe(false);
    expect([...result.wrong, ...result.missed, ...result.extra].join(' ')).toContain(word);
  });
});
