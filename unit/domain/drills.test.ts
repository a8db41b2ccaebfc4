/**
 * The VHF drills: the built-in data keeps its contract, a reply's options offer one right reply
 * and distinct wrong ones (a wrong message marker among them), and the drills' progress is folded
 * from the history whatever order it arrives in.
 */
import { describe, expect, it } from 'vitest';
import drillData from '@/data/drills.json';
import {
  type Drill,
  type DrillEntry,
  drillProblem,
  drillProgress,
  optionDifferences,
  ownTurns,
  readDrills,
  replyKey,
  replyOptions,
  SITUATIONS,
  withWrongMarker,
} from '@/domain/drills';
import { seededRandom } from '@/domain/random';

const pilot: Drill = {
  id: 'pilot-test',
  situation: 'pilot',
  title: { ru: 'Лоцман', en: 'Pilot' },
  setting: { ru: 'Вы на мостике.', en: 'You are on the bridge.' },
  ref: 'SMCP A1/4.1',
  turns: [
    {
      station: 'other',
      speaker: { ru: 'Лоцманская станция', en: 'Pilot station' },
      en: 'QUESTION. What is your ETA at pilot station?',
      ru: 'ВОПРОС. Каково ваше расчётное время прибытия к лоцманской станции?',
    },
    {
      station: 'self',
      speaker: { ru: 'Nordic Star', en: 'Nordic Star' },
      task: { ru: 'Сообщите время прибытия.', en: 'Give your ETA.' },
      en: 'ANSWER. My ETA at pilot station 1400 UTC.',
      ru: 'ОТВЕТ. Моё расчётное время прибытия к лоцманской станции 1400 UTC.',
    },
    {
      station: 'other',
      speaker: { ru: 'Лоцманская станция', en: 'Pilot station' },
      en: 'Received.',
      ru: 'Принято.',
    },
  ],
};

const vts: Drill = {
  ...pilot,
  id: 'vts-test',
  situation: 'vts',
  turns: [
    pilot.turns[0] as Drill['turns'][number],
    {
      ...(pilot.turns[1] as Drill['turns'][number]),
      en: 'INTENTION. I intend to anchor.',
      wrong: ['WARNING. I intend to anchor.'],
    },
    pilot.turns[2] as Drill['turns'][number],
  ],
};

describe('the built-in drills', () => {
  const { drills, problems } = readDrills(drillData);

  it('all keep the data contract, with unique ids', () => {
    expect(problems).toEqual([]);
    expect(drills.length).toBe((drillData as unknown[]).length);
  });

  it('are at least 60 exchanges of 3-6 turns, covering every situation the issue names', () => {
    expect(drills.length).toBeGreaterThanOrEqual(60);
    const situations = new Set(drills.map((drill) => drill.situation));
    for (const name of [
      'distress',
      'urgency',
      'safety',
      'pilot',
      'vts',
      'tug',
      'position',
      'anchoring',
    ]) {
      expect(situations).toContain(name);
    }
    for (const drill of drills) {
      expect(drill.turns.length).toBeGreaterThanOrEqual(3);
      expect(drill.turns.length).toBeLessThanOrEqual(6);
    }
  });

  it('teach the SMCP sections found later, each citing the copy its wording comes from', () => {
    // Section, a reply the learner must give in it, and the copies docs/drill-sources.md trusts.
    const sections: [RegExp, RegExp][] = [
      [/A1\/5\.1\b/, /I require a helicopter with doctor\./],
      [/A1\/1\.1\.8\b/, /I am under attack by pirates\./],
      [/A1\/1\.1\.11\b/, /I have lost persons overboard in position /],
      [/A1\/4\.3\b/, /How many tugs must I take\?/],
      [/A1\/1\.2\.1\b/, /Yes, my EPIRB is transmitting by mistake\./],
      [/A1\/1\.2\.1\b/, /Yes, I transmitted a DSC alert by mistake\./],
      [/A1\/2\.1\b/, /I have problems with propeller\./],
      [/B3\/1\.1\b/, /The container capacity is /],
    ];
    const copy = /adopted A\.918\(22\)|CNIIMF|smcp\.online|draft/;
    for (const [section, reply] of sections) {
      const teaching = drills.filter(
        (drill) =>
          section.test(drill.ref) &&
          ownTurns(drill).some((index) => reply.test(drill.turns[index]?.en ?? '')),
      );
      expect(
        teaching.map((drill) => drill.id),
        `${section} ${reply}`,
      ).not.toEqual([]);
      for (const drill of teaching) expect(drill.ref, drill.id).toMatch(copy);
    }
  });

  it('offer every reply among distinct options, one of them right', () => {
    const random = seededRandom(7);
    for (const drill of drills) {
      for (const index of ownTurns(drill)) {
        const options = replyOptions(drill, index, drills, random);
        const right = drill.turns[index]?.en;
        expect(options.filter((option) => option === right)).toHaveLength(1);
        expect(options.length).toBe(3);
        expect(new Set(options.map(replyKey)).size).toBe(options.length);
      }
    }
  });
});

describe('the data contract', () => {
  it('refuses a drill with no reply for the learner, a bad id, or a wrong reply that is the right one', () => {
    expect(drillProblem(pilot)).toBeNull();
    expect(
      drillProblem({ ...pilot, turns: pilot.turns.map((turn) => ({ ...turn, station: 'other' })) }),
    ).toMatch(/no reply/);
    expect(drillProblem({ ...pilot, id: 'Bad id' })).toBe('invalid id');
    expect(drillProblem({ ...pilot, turns: pilot.turns.slice(0, 2) })).toMatch(/3-6 turns/);
    const copied = vts.turns.map((turn) =>
      turn.station === 'self' ? { ...turn, wrong: ['intention: I intend to anchor'] } : turn,
    );
    expect(drillProblem({ ...vts, turns: copied })).toMatch(/reads as the right one/);
    const { task: _task, ...noTask } = pilot.turns[1] as Drill['turns'][number];
    expect(drillProblem({ ...pilot, turns: [pilot.turns[0], noTask, pilot.turns[2]] })).toMatch(
      /without a task/,
    );
  });

  it('leaves a broken or duplicate drill out and keeps the rest', () => {
    const read = readDrills([pilot, { ...pilot, situation: 'party' }, pilot, vts]);
    expect(read.drills.map((drill) => drill.id)).toEqual(['pilot-test', 'vts-test']);
    expect(read.problems).toEqual(['pilot-test: invalid situation', 'pilot-test: duplicate id']);
    expect(readDrills('not a list').drills).toEqual([]);
    expect(SITUATIONS).toContain('procedure');
  });
});

describe('reply options', () => {
  it('swap the message marker for the one it is confused with', () => {
    expect(withWrongMarker('ANSWER. My ETA at pilot station 1400 UTC.')).toBe(
      'QUESTION. My ETA at pilot station 1400 UTC.',
    );
    expect(withWrongMarker('MAYDAY MAYDAY MAYDAY. This is Nordic Star.')).toBe(
      'PAN-PAN PAN-PAN PAN-PAN. This is Nordic Star.',
    );
    expect(withWrongMarker('Received.')).toBeNull();
  });

  it('offer the wrong marker when the data gives no wrong reply', () => {
    const options = replyOptions(pilot, 1, [pilot], seededRandom(1));
    expect(options).toContain('ANSWER. My ETA at pilot station 1400 UTC.');
    expect(options).toContain('QUESTION. My ETA at pilot station 1400 UTC.');
    // Only one drill and one reply: two options are all there are.
    expect(options).toHaveLength(2);
  });

  it('take the data’s wrong replies first, skipping one that reads as another option', () => {
    // A wrong reply that reads as the right one (a drill the data check would refuse) is skipped.
    const turns = vts.turns.map((turn) =>
      turn.station === 'self'
        ? { ...turn, wrong: ['INTENTION. I intend to anchor!!', ...(turn.wrong ?? [])] }
        : turn,
    );
    const options = replyOptions({ ...vts, turns }, 1, [vts, pilot], seededRandom(3));
    expect(options).toHaveLength(3);
    expect(options).toContain('INTENTION. I intend to anchor.');
    expect(options).toContain('WARNING. I intend to anchor.');
    expect(options).not.toContain('INTENTION. I intend to anchor!!');
    expect(options).toContain('INFORMATION. I intend to anchor.');
  });

  it('have none for a turn of the other station', () => {
    expect(replyOptions(pilot, 0, [pilot], seededRandom(1))).toEqual([]);
  });
});

describe('the drills’ progress', () => {
  const reply = (
    id: string,
    run: string,
    turn: number,
    correct: boolean,
    time: number,
    drill = 'pilot-test',
  ): DrillEntry => ({
    id,
    kind: 'drill',
    vocabId: `drill:${drill}`,
    correct,
    time,
    x: { run, turn, of: 2 },
  });

  it('counts finished runs, the last and the best, whatever order the entries arrive in', () => {
    const entries = [
      reply('a1', 'r1', 1, false, 100),
      reply('a2', 'r1', 3, true, 110),
      reply('b1', 'r2', 1, true, 200),
      reply('b2', 'r2', 3, true, 210),
      // An unfinished run and another drill's run.
      reply('c1', 'r3', 1, true, 300),
      reply('d1', 'r4', 1, true, 50, 'vts-test'),
      reply('d2', 'r4', 3, false, 60, 'vts-test'),
      // Not a drill reply.
      { id: 'w', kind: 'answer', vocabId: 'dk001', correct: true, time: 400 },
      { ...reply('e1', 'r5', 1, true, 500), x: { turn: 1, of: 2 } },
    ];
    const expected = new Map([
      ['pilot-test', { finished: 2, best: 2, last: { right: 2, of: 2, at: 210 } }],
      ['vts-test', { finished: 1, best: 1, last: { right: 1, of: 2, at: 60 } }],
    ]);
    expect(drillProgress(entries)).toEqual(expected);
    expect(drillProgress([...entries].reverse())).toEqual(expected);
  });

  it('counts an entry once by id and a turn once per run, by its first reply', () => {
    const entries = [
      reply('a1', 'r1', 1, false, 100),
      reply('a1', 'r1', 1, false, 100),
      reply('a3', 'r1', 1, true, 150),
      reply('a2', 'r1', 3, true, 110),
    ];
    expect(drillProgress(entries).get('pilot-test')).toEqual({
      finished: 1,
      best: 1,
      last: { right: 1, of: 2, at: 110 },
    });
  });
});

describe('optionDifferences: where the reply options differ', () => {
  it('marks the words one option has and another lacks at that place', () => {
    const marked = optionDifferences([
      'Nordport MRCC, this is Nordic Star. No, fire is not under control. Over.',
      'Nordport MRCC, this is Nordic Star. Yes, fire is under control. Over.',
      'Nordport MRCC, this is Nordic Star. No, fire is not under control. Out.',
    ]).map((words) => words.filter((word) => word.differs).map((word) => word.text));
    expect(marked).toEqual([
      ['No,', 'not', 'Over.'],
      ['Yes,', 'Over.'],
      ['No,', 'not', 'Out.'],
    ]);
  });

  it('marks where the options of every drill reply differ, and keeps each option whole', () => {
    const { drills } = readDrills(drillData);
    for (const drill of drills) {
      for (const index of ownTurns(drill)) {
        const options = replyOptions(drill, index, drills, seededRandom(index));
        const marked = optionDifferences(options);
        marked.forEach((words, n) => {
          expect(words.map((word) => word.text).join(' ')).toBe(options[n]?.split(/\s+/).join(' '));
          // An option with nothing marked is another one with words left out: those are marked there.
          if (!words.some((word) => word.differs)) {
            const others = marked.filter((_, other) => other !== n);
            expect(
              others.some((other) => other.some((word) => word.differs)),
              drill.id,
            ).toBe(true);
          }
        });
      }
    }
  });
});
