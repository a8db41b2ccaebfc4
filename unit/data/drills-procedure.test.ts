/**
 * The radio procedure every VHF drill must teach, as a table of rules checked over the built-in
 * drills: each rule names its source, and each is shown to catch its own slip in a model exchange.
 */
import { describe, expect, it } from 'vitest';
import drillData from '@/data/drills.json';
import {
  DRILL_OPTIONS,
  type Drill,
  type DrillTurn,
  readDrills,
  replyKey,
  withWrongMarker,
} from '@/domain/drills';

/** One breach of a rule: where it is and what is wrong. */
interface Finding {
  /** The turn's index in the drill. */
  turn: number;
  /** Set when the breach is in one of the turn's wrong replies. */
  wrong?: number;
  message: string;
}

interface Rule {
  id: string;
  /** Where the rule comes from. */
  source: string;
  /** What it asks, in one sentence. */
  rule: string;
  check: (drill: Drill) => Finding[];
  /** The model exchange changed so that this rule must catch it. */
  breaks: (model: Drill) => Drill;
}

// ---- reading a transmission ----------------------------------------------------------------

const SIGNAL = /^(MAYDAY|PAN-PAN|SECURITE)((?: \1)*)\. /;
const ACK_SIGNAL = /^(MAYDAY|PAN-PAN|SECURITE) (?=[A-Z])/;
const CALL = /^(?:(?<called>[^.]+?)[.,] )?[Tt]his is (?<caller>[^.]+?)\.(?: |$)/;
const ENDING = /\s*\b(Over and out|Over|Out)\.$/;
const ALL_STATIONS = 'all stations';

/** A transmission read into its parts: priority signal, call, body and procedure word. */
interface Transmission {
  /** The priority signal the transmission opens with, and how many times it is said. */
  signal?: { word: string; times: number };
  /** The signal before the called station's name in a reply ("MAYDAY Sea Falcon, this is"). */
  ackSignal?: string;
  /** The called station's name, as many times as said ([] for a call to nobody in particular). */
  called: string[];
  /** The calling station's name, as many times as said. */
  caller: string[];
  callSign?: string;
  /** What is said between the call and the procedure word. */
  body: string;
  ending?: string;
}

/** A transmission's parts, or null when it has no "…, this is …" call. */
function read(text: string): Transmission | null {
  let rest = text.trim();
  const ending = ENDING.exec(rest);
  if (ending) rest = rest.slice(0, ending.index).trim();
  const signal = SIGNAL.exec(rest);
  if (signal) rest = rest.slice(signal[0].length);
  const ack = signal ? null : ACK_SIGNAL.exec(rest);
  if (ack) rest = rest.slice(ack[0].length);
  const call = CALL.exec(rest);
  if (!call?.groups) return null;
  const names = (part: string | undefined) =>
    (part ?? '')
      .split(/,\s*/)
      .map((name) => name.trim())
      .filter((name) => name !== '');
  const callerParts = names(call.groups.caller);
  const callSign = callerParts.find((part) => /^call sign /i.test(part));
  return {
    ...(signal
      ? {
          signal: {
            word: signal[1] as string,
            times: 1 + (signal[2] ?? '').split(' ').filter(Boolean).length,
          },
        }
      : {}),
    ...(ack ? { ackSignal: ack[1] as string } : {}),
    called: names(call.groups.called),
    caller: callerParts.filter((part) => part !== callSign),
    ...(callSign ? { callSign } : {}),
    body: rest.slice(call[0].length).trim(),
    ...(ending ? { ending: ending[1] as string } : {}),
  };
}

const same = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

const isBroadcast = (said: Transmission) =>
  said.called.length === 0 || same(said.called[0], ALL_STATIONS);

/** The sentences of a body ("ADVICE. Stand by on VHF Channel six nine." is two). */
const sentences = (body: string) =>
  body
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);

const MARKERS = [
  'QUESTION',
  'ANSWER',
  'INSTRUCTION',
  'ADVICE',
  'REQUEST',
  'INFORMATION',
  'INTENTION',
  'WARNING',
] as const;
const MARKER_WORDS: ReadonlySet<string> = new Set(MARKERS);
const markerOf = (body: string) =>
  MARKERS.find((marker) => new RegExp(`\\b${marker}\\b`).test(body));

/**
 * How an instruction, an advice or an order given by radio begins (SMCP A1/6 "You must …",
 * "Advise you …", the VTS and SAR instructions of A1/1.2 and A1/6.2, the on-board orders of A2).
 */
const INSTRUCTION_OPENERS = [
  'Advise you',
  'You must',
  'Stand by on',
  'Stand by port',
  'Stand by starboard',
  'Stand by both',
  'Do not',
  'Continue',
  'Proceed',
  'Change to channel',
  'Make a lee',
  'Make fast',
  'Let go',
  'Stop engine',
  'Try to',
  'Report at',
  'Heave up',
  'Heave away',
  'Put',
  'Walk back',
  'Slack away',
  'Pass the',
  'Rig',
] as const;

const INSTRUCTION_OPENER = new RegExp(`^(${INSTRUCTION_OPENERS.join('|')})\\b`);

/** The instruction, advice or order a body gives, or null. */
function instructionOf(body: string): string | null {
  const parts = sentences(body);
  for (const [index, sentence] of parts.entries()) {
    if (/^(INSTRUCTION|ADVICE)\.$/.test(sentence)) return parts[index + 1] ?? null;
    if (INSTRUCTION_OPENER.test(sentence)) return sentence;
  }
  return null;
}

const asksSomething = (body: string) =>
  body.includes('?') || /\b(QUESTION|REQUEST)\b/.test(body) || instructionOf(body) !== null;

/**
 * How an intention given back begins: SMCP General 4.5 "I will / I will not" ("I can / I cannot"
 * in its answers), or the SMCP's own answer to "Stand by on VHF Channel ..." (A1/2.1 .8.1,
 * A1/2.3 .5.1: "Standing by on VHF Channel ...").
 */
const INTENTION_GIVEN = /^(I will|I will not|I can|I cannot|Standing by)\b/;

/**
 * A body that only acknowledges: "Received", "Received, understood", a readability report, or the
 * intention given back to the instruction or advice of the turn before.
 */
const onlyAcknowledges = (body: string, before: string) =>
  !asksSomething(body) &&
  sentences(body).every(
    (sentence) =>
      /^(Received(, understood)?|Received MAYDAY|I read you \w+)\.$/.test(sentence) ||
      (INTENTION_GIVEN.test(sentence) && instructionOf(before) !== null),
  );

/** A reply that asks for the message again, so the intention comes after the repeat. */
const ASKS_AGAIN = /^(Say again|Message not understood)\b/;

/** Words that carry the content of an instruction (persons and articles left out). */
const contentWords = (text: string) =>
  replyKey(text)
    .split(' ')
    .filter(
      (word) =>
        ![
          'i',
          'you',
          'your',
          'my',
          'me',
          'the',
          'a',
          'an',
          'will',
          'not',
          'advise',
          'must',
        ].includes(word),
    );

/** Words that name a number instead of its digits ("sixteen", "seventy-two"). */
const NUMBER_WORDS =
  /\b(eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)\b/i;

/**
 * A figure of two digits or more that speech would read as a number: not part of a call sign
 * ("5BCD2"), and not followed by its digits ("12, one-two, knots").
 */
const SPOKEN_AS_A_NUMBER = /(?<![\w-])\d{2,}(?![\w-]|, [a-z]+(-[a-z]+)+,)/;

/** How the vessel itself reports its own distress or emergency (SMCP A1/1.1, A1/2). */
const OWN_EMERGENCY =
  /\b(I am (on fire|flooding|aground|sinking|listing|not under command|drifting|under attack)|I have (collided|lost persons? overboard|dangerous list|problems with))\b/;

/** The signal that opens a report of the vessel's own emergency in a drill of this situation. */
const SIGNAL_OF_SITUATION: Readonly<Record<string, string>> = {
  distress: 'MAYDAY',
  urgency: 'PAN-PAN',
};

/** How a reply of its own begins: an answer, an intention, an acknowledgement, a procedure word. */
const RESPONSE =
  /^(Yes|No|I will|I can|I cannot|I expect|I require|I do not|I have|I am|Received|Say again|Message not understood|I read you|I say again|Mistake)\b/;

/** Share of the words a wrong reply may take from the turn it answers, at most. */
const ECHO_SHARE = 0.7;

const jaccard = (a: string[], b: string[]) => {
  const left = new Set(a);
  const right = new Set(b);
  const shared = [...left].filter((word) => right.has(word)).length;
  return shared / (left.size + right.size - shared || 1);
};

// ---- the rules ------------------------------------------------------------------------------

const eachTurn = (
  drill: Drill,
  check: (turn: DrillTurn, index: number, said: Transmission | null) => string | null,
): Finding[] =>
  drill.turns.flatMap((turn, index) => {
    const message = check(turn, index, read(turn.en));
    return message ? [{ turn: index, message }] : [];
  });

const eachWrong = (
  drill: Drill,
  check: (wrong: string, turn: DrillTurn, index: number) => string | null,
): Finding[] =>
  drill.turns.flatMap((turn, index) =>
    (turn.wrong ?? []).flatMap((wrong, at) => {
      const message = check(wrong, turn, index);
      return message ? [{ turn: index, wrong: at, message }] : [];
    }),
  );

/** A copy of a drill with one turn changed. */
const withTurn = (drill: Drill, index: number, change: Partial<DrillTurn>): Drill => ({
  ...drill,
  turns: drill.turns.map((turn, at) => (at === index ? { ...turn, ...change } : turn)),
});

const RULES: Rule[] = [
  {
    id: 'call-format',
    source: 'IMO Res. A.954(23) 2.2 (the call "…, this is …"); SMCP A1/1 (the distress call)',
    rule: 'Every transmission names the station called, then "this is" and the calling station (a priority broadcast: "This is" and the caller).',
    check: (drill) =>
      eachTurn(drill, (turn, _index, said) => {
        if (!said) return 'no "…, this is …" call';
        if (!same(said.caller[0], turn.speaker.en)) {
          return `"this is ${said.caller[0] ?? ''}" but the speaker is ${turn.speaker.en}`;
        }
        if (said.called.length === 0 && !said.signal) return 'no station called';
        return null;
      }),
    breaks: (model) => withTurn(model, 1, { en: 'Received MAYDAY. Over.' }),
  },
  {
    id: 'reply-calls-the-caller',
    source: 'IMO Res. A.954(23) 2.2 (the call "…, this is …")',
    rule: 'A reply calls the station that spoke before it (a broadcast to all stations aside).',
    check: (drill) =>
      eachTurn(drill, (turn, index, said) => {
        const previous = drill.turns[index - 1];
        if (!said || !previous || same(previous.speaker.en, turn.speaker.en)) return null;
        if (isBroadcast(said) || said.signal) return null;
        return same(said.called[0], previous.speaker.en)
          ? null
          : `calls ${said.called[0]} but answers ${previous.speaker.en}`;
      }),
    breaks: (model) =>
      withTurn(model, 2, {
        en: 'Sea Falcon, this is Nordic Star. Yes, I can pick up survivors. Over.',
      }),
  },
  {
    id: 'names-up-to-three-times',
    source:
      "SMCP General 5 and A1/1 (the distress call: the ship's name three times); IMO Res. A.954(23) 2.2",
    rule: "A station's name is said once, and more than once (up to three times) only in a first call or a call opened with a priority signal.",
    check: (drill) =>
      eachTurn(drill, (_turn, index, said) => {
        if (!said) return null;
        const most = Math.max(said.called.length, said.caller.length);
        if (most > 3) return `a name said ${most} times`;
        if (most > 1 && index > 0 && !said.signal) return 'a name repeated after the first call';
        return null;
      }),
    breaks: (model) =>
      withTurn(model, 2, {
        en: 'Nordport MRCC, Nordport MRCC, this is Nordic Star. Yes, I can pick up survivors. Over.',
      }),
  },
  {
    id: 'priority-call',
    source:
      'SMCP General 5 (MAYDAY, PAN-PAN, SECURITE); SMCP A1/1 note (distress traffic starts with the position unless the DSC alert carried it); GMDSS voice procedure (docs/drill-sources.md)',
    rule: 'A call opened with MAYDAY, PAN-PAN or SECURITE says the signal three times, then "This is" and the caller, and gives a position; a MAYDAY call says the ship\'s name three times and its call sign.',
    check: (drill) =>
      eachTurn(drill, (_turn, _index, said) => {
        if (!said?.signal) return null;
        const { word, times } = said.signal;
        if (times !== 3) return `${word} said ${times} times`;
        if (!/\bposition\b/.test(said.body)) return `a ${word} call without a position`;
        if (word === 'MAYDAY' && (said.caller.length !== 3 || !said.callSign)) {
          return 'a MAYDAY call without the name three times and the call sign';
        }
        return null;
      }),
    breaks: (model) =>
      withTurn(model, 0, {
        en: 'MAYDAY MAYDAY MAYDAY. This is Nordic Star, Nordic Star, Nordic Star, call sign 5BCD2. MAYDAY Nordic Star. I am on fire. Over.',
      }),
  },
  {
    id: 'own-emergency-opens-with-signal',
    source:
      'SMCP General 5 (MAYDAY announces a distress message, PAN-PAN an urgency message); SMCP A1/1 note',
    rule: 'A drill that opens with the vessel reporting its own distress or emergency opens with a priority call: MAYDAY in a distress drill, PAN-PAN in an urgency drill, one of them elsewhere.',
    check: (drill) => {
      const first = drill.turns[0];
      const said = first ? read(first.en) : null;
      if (!first || !said || !OWN_EMERGENCY.test(said.body)) return [];
      const expected = SIGNAL_OF_SITUATION[drill.situation];
      const word = said.signal?.word;
      if (!word || word === 'SECURITE') {
        return [{ turn: 0, message: 'reports its own emergency with no MAYDAY or PAN-PAN' }];
      }
      return expected && word !== expected
        ? [{ turn: 0, message: `opens a ${drill.situation} drill with ${word}` }]
        : [];
    },
    breaks: (model) =>
      withTurn(model, 0, {
        en: 'Nordport MRCC, this is Nordic Star. I am on fire. Over.',
      }),
  },
  {
    id: 'answer-marks-the-answer',
    source:
      'SMCP General 3 (QUESTION: the recipient is expected to return an answer; ANSWER: the reply to a previous QUESTION)',
    rule: 'The reply to a turn marked QUESTION is marked ANSWER, and ANSWER is only said in reply to a QUESTION.',
    check: (drill) =>
      eachTurn(drill, (_turn, index, said) => {
        const previous = drill.turns[index - 1];
        const asked = previous ? read(previous.en) : null;
        if (!said) return null;
        const wasQuestion = asked ? markerOf(asked.body) === 'QUESTION' : false;
        const isAnswer = /\bANSWER\b/.test(said.body);
        if (wasQuestion && !isAnswer) return 'a reply to a QUESTION without ANSWER';
        if (isAnswer && !wasQuestion) return 'ANSWER with no QUESTION before it';
        return null;
      }),
    breaks: (model) =>
      withTurn(model, 2, {
        en: 'Nordport MRCC, this is Nordic Star. Yes, I can pick up survivors. Over.',
      }),
  },
  {
    id: 'intention-in-full',
    source:
      'SMCP General 4.5 ("I will / I will not …" and the instruction or advice in full); SMCP A1/2.1 .8.1 ("Standing by on VHF Channel …"); IMO Res. A.954(23) 2.2.4 (the substance of instructions or advice is repeated in the reply); the same for orders on board',
    rule: 'An INSTRUCTION, ADVICE or order is answered by the station it was given to with the intention and the instruction in full ("I will keep my present course."), never with "Received, understood" alone.',
    check: (drill) =>
      eachTurn(drill, (turn, index, said) => {
        const next = drill.turns[index + 1];
        if (!said || !next || isBroadcast(said)) return null;
        const instruction = instructionOf(said.body);
        const reply = read(next.en);
        if (!instruction || !reply || same(next.speaker.en, turn.speaker.en)) return null;
        if (!same(reply.called[0], turn.speaker.en) || ASKS_AGAIN.test(reply.body)) return null;
        const intention = sentences(reply.body).find((sentence) => INTENTION_GIVEN.test(sentence));
        if (!intention) return `"${instruction}" is answered without the intention`;
        const wanted = contentWords(instruction);
        const given = new Set(contentWords(intention));
        const kept = wanted.filter((word) => given.has(word)).length;
        return kept / (wanted.length || 1) >= 0.6
          ? null
          : `"${instruction}" is answered with "${intention}", not the instruction in full`;
      }),
    breaks: (model) =>
      withTurn(model, 4, { en: 'Nordport VTS, this is Nordic Star. Received, understood. Out.' }),
  },
  {
    id: 'answer-in-full',
    source: 'SMCP General 4.1-4.2 ("Yes" / "No" followed by the appropriate phrase in full)',
    rule: 'A "Yes" or "No" is followed by the phrase in full, never said alone.',
    check: (drill) =>
      eachTurn(drill, (_turn, _index, said) =>
        said && sentences(said.body).some((sentence) => /^(ANSWER\. )?(Yes|No)\.$/.test(sentence))
          ? 'a bare "Yes" or "No"'
          : null,
      ),
    breaks: (model) =>
      withTurn(model, 2, { en: 'Nordport MRCC, this is Nordic Star. ANSWER. Yes. Over.' }),
  },
  {
    id: 'over-or-out',
    source:
      'IMO Res. A.954(23) 2.2.8 ("over" invites a reply) and 2.2.9 ("out" ends the communication)',
    rule: 'Every transmission ends with "Over" or "Out" (never both).',
    check: (drill) =>
      eachTurn(drill, (_turn, _index, said) =>
        said?.ending === 'Over' || said?.ending === 'Out' ? null : 'ends without "Over" or "Out"',
      ),
    breaks: (model) =>
      withTurn(model, 5, {
        en: 'Nordic Star, this is Nordport VTS. Received. Over and out.',
      }),
  },
  {
    id: 'over-when-a-reply-is-wanted',
    source: 'IMO Res. A.954(23) 2.2.8 ("over" invites a reply); SMCP General 3 (QUESTION, REQUEST)',
    rule: 'A transmission that asks, requests, instructs or advises, or a MAYDAY or PAN-PAN call, ends with "Over".',
    check: (drill) =>
      eachTurn(drill, (_turn, _index, said) => {
        if (!said || said.ending === 'Over') return null;
        const call = said.signal && said.signal.word !== 'SECURITE';
        return asksSomething(said.body) || call ? 'wants a reply but ends with "Out"' : null;
      }),
    breaks: (model) =>
      withTurn(model, 1, {
        en: 'Nordic Star, this is Nordport MRCC. QUESTION. Can you pick up survivors? Out.',
      }),
  },
  {
    id: 'out-is-not-answered',
    source: 'IMO Res. A.954(23) 2.2.9 ("out" ends the communication)',
    rule: 'After "Out" the station called does not answer, unless the call was a broadcast.',
    check: (drill) =>
      eachTurn(drill, (turn, index, said) => {
        const next = drill.turns[index + 1];
        const reply = next ? read(next.en) : null;
        if (said?.ending !== 'Out' || isBroadcast(said) || said.signal || !reply) {
          return null;
        }
        return same(reply.called[0], turn.speaker.en) && !same(next?.speaker.en, turn.speaker.en)
          ? `ends with "Out" but ${next?.speaker.en} answers it`
          : null;
      }),
    breaks: (model) =>
      withTurn(model, 2, {
        en: 'Nordport MRCC, this is Nordic Star. ANSWER. Yes, I can pick up survivors. Out.',
      }),
  },
  {
    id: 'last-acknowledgement-closes',
    source: 'IMO Res. A.954(23) 2.2.8-2.2.9 (the end of a communication is indicated by "out")',
    rule: 'A drill that ends on an acknowledgement or an intention given back closes the exchange with "Out".',
    check: (drill) => {
      const index = drill.turns.length - 1;
      const said = read(drill.turns[index]?.en ?? '');
      const before = read(drill.turns[index - 1]?.en ?? '')?.body ?? '';
      return said && said.ending !== 'Out' && onlyAcknowledges(said.body, before)
        ? [{ turn: index, message: 'the exchange ends on an acknowledgement with "Over"' }]
        : [];
    },
    breaks: (model) =>
      withTurn(model, 5, { en: 'Nordic Star, this is Nordport VTS. Received. Over.' }),
  },
  {
    id: 'channel-in-digits',
    source:
      'SMCP General 2.2 and 10 (numbers are spoken in separate digits); SMCP A1/6 ("Stand by on VHF Channel six nine")',
    rule: 'A VHF channel is spoken digit by digit in words ("Channel six nine"), not as a figure.',
    check: (drill) =>
      eachTurn(drill, (turn) =>
        /\bchannel\s+\d/i.test(turn.en) ? 'a channel given as a figure' : null,
      ),
    breaks: (model) =>
      withTurn(model, 3, {
        en: 'Nordic Star, this is Nordport VTS. ADVICE. Stand by on VHF Channel 69. Over.',
      }),
  },
  {
    id: 'figures-digit-by-digit',
    source:
      'SMCP General 2.2 and 10 (numbers are spoken in separate digits: "One-five-zero" for 150); General 7 ("12, one-two, knots")',
    rule: 'A number of two digits or more is written as it is spoken, digit by digit ("one eight zero degrees"), or followed by its digits ("12, one-two, knots"), since the app speaks the text.',
    check: (drill) =>
      eachTurn(drill, (turn) => {
        const found = SPOKEN_AS_A_NUMBER.exec(turn.en);
        return found ? `"${found[0]}" is not spoken digit by digit` : null;
      }),
    breaks: (model) =>
      withTurn(model, 0, {
        en: 'MAYDAY MAYDAY MAYDAY. This is Nordic Star, Nordic Star, Nordic Star, call sign 5BCD2. MAYDAY Nordic Star. My position bearing 180 degrees, distance six nautical miles from Nordport Lighthouse. I am on fire. Over.',
      }),
  },
  {
    id: 'no-number-words',
    source:
      'SMCP General 2.2 and 10 (numbers are spoken in separate digits: "One-five-zero" for 150)',
    rule: 'No number is spoken as a compound word ("sixteen", "seventy-two").',
    check: (drill) =>
      eachTurn(drill, (turn) => {
        const found = NUMBER_WORDS.exec(turn.en);
        return found ? `"${found[0]}" instead of digits` : null;
      }),
    breaks: (model) =>
      withTurn(model, 3, {
        en: 'Nordic Star, this is Nordport VTS. ADVICE. Stand by on VHF Channel sixty-nine. Over.',
      }),
  },
  {
    id: 'wrong-reply-is-a-transmission',
    source: 'Issue 39 (a wrong reply is a plausible slip, never obviously not a reply)',
    rule: 'A wrong reply is a radio transmission by a station of the exchange, to a station of the exchange (or to all, when the right reply is a broadcast).',
    check: (drill) =>
      eachWrong(drill, (wrong, turn) => {
        const right = read(turn.en);
        const said = read(wrong);
        if (!right || !said) return 'not a radio transmission';
        const stations = [...right.called, ...right.caller];
        const known = (name: string | undefined) => stations.some((station) => same(station, name));
        const toAnyone = isBroadcast(said) || (isBroadcast(right) && !!said.signal);
        return known(said.caller[0]) && (toAnyone || known(said.called[0]))
          ? null
          : 'a transmission between other stations';
      }),
    breaks: (model) => withTurn(model, 2, { wrong: ['Yes, I can pick up survivors.'] }),
  },
  {
    id: 'wrong-reply-is-no-echo',
    source: 'Issue 39 (a wrong reply that merely echoes the question is free)',
    rule: 'A wrong reply is a reply: it does not give back the turn it answers, whole or nearly, with no answer, intention or acknowledgement of its own.',
    check: (drill) =>
      eachWrong(drill, (wrong, turn, index) => {
        const previous = drill.turns[index - 1];
        const asked = previous ? read(previous.en) : null;
        const said = read(wrong);
        if (!asked || !said) return null;
        const strip = (text: string) =>
          contentWords(text).filter((word) => !MARKER_WORDS.has(word.toUpperCase()));
        const question = ` ${strip(asked.body).join(' ')} `;
        const inside = (text: string) => {
          const words = strip(text);
          return words.length > 0 && question.includes(` ${words.join(' ')} `);
        };
        // A reply of its own may take the turn's words when the right reply does too
        // ("I will cross the fairway" to "Do not cross the fairway").
        const ownReply = RESPONSE.test(said.body.replace(/^[A-Z-]+\. /, ''));
        const rightInside = inside(read(turn.en)?.body ?? '');
        if (inside(said.body) && !(ownReply && rightInside)) return 'echoes the turn it answers';
        return !ownReply && jaccard(strip(said.body), strip(asked.body)) >= ECHO_SHARE
          ? 'echoes the turn it answers'
          : null;
      }),
    breaks: (model) =>
      withTurn(model, 2, {
        wrong: ['Nordport MRCC, this is Nordic Star. ANSWER. Can you pick up survivors? Over.'],
      }),
  },
  {
    id: 'own-wrong-replies',
    source:
      'Issue 39 (every wrong option is a plausible slip that teaches something); domain/drills.ts replyOptions',
    rule: `Each reply brings its own ${DRILL_OPTIONS - 1} wrong options (its wrong list and its marker swapped), so no unrelated reply of another drill fills in.`,
    check: (drill) =>
      drill.turns.flatMap((turn, index) => {
        if (turn.station !== 'self') return [];
        const keys = new Set([replyKey(turn.en)]);
        for (const text of [...(turn.wrong ?? []), withWrongMarker(turn.en)]) {
          if (text) keys.add(replyKey(text));
        }
        return keys.size - 1 >= DRILL_OPTIONS - 1
          ? []
          : [{ turn: index, message: `only ${keys.size - 1} wrong option(s) of its own` }];
      }),
    breaks: (model) => withTurn(model, 2, { wrong: [] }),
  },
];

// ---- the model exchange every rule is tried on -----------------------------------------------

/**
 * A model exchange built from the drills' sourced phrases: a distress call, its acknowledgement,
 * a QUESTION and its ANSWER, an ADVICE given back as an intention, and a closing "Out".
 */
const MODEL: Drill = {
  id: 'model-exchange',
  situation: 'distress',
  title: { ru: 'Образец', en: 'Model' },
  setting: { ru: 'Вы на мостике.', en: 'You are on the bridge.' },
  ref: 'SMCP A1/1.1.1; SMCP A1/1.2.4; SMCP A1/6; IMO Res. A.954(23) 2.2',
  turns: [
    {
      station: 'self',
      speaker: { ru: 'Nordic Star', en: 'Nordic Star' },
      task: { ru: 'Сигнал бедствия.', en: 'The distress call.' },
      en: 'MAYDAY MAYDAY MAYDAY. This is Nordic Star, Nordic Star, Nordic Star, call sign 5BCD2. MAYDAY Nordic Star. My position bearing one eight zero degrees, distance six nautical miles from Nordport Lighthouse. I am on fire. Over.',
      ru: 'МЭЙДЭЙ…',
      wrong: [
        'PAN-PAN PAN-PAN PAN-PAN. Nordport MRCC, this is Nordic Star, call sign 5BCD2. My position bearing one eight zero degrees, distance six nautical miles from Nordport Lighthouse. I am on fire. Over.',
      ],
    },
    {
      station: 'other',
      speaker: { ru: 'МСКЦ Нордпорт', en: 'Nordport MRCC' },
      en: 'MAYDAY Nordic Star, this is Nordport MRCC. Received MAYDAY. QUESTION. Can you pick up survivors? Over.',
      ru: 'МЭЙДЭЙ Nordic Star…',
    },
    {
      station: 'self',
      speaker: { ru: 'Nordic Star', en: 'Nordic Star' },
      task: { ru: 'Ответьте: да.', en: 'Answer: yes.' },
      en: 'Nordport MRCC, this is Nordic Star. ANSWER. Yes, I can pick up survivors. Over.',
      ru: 'Nordport MRCC…',
      wrong: ['Nordport MRCC, this is Nordic Star. ANSWER. No, I cannot pick up survivors. Over.'],
    },
    {
      station: 'other',
      speaker: { ru: 'СУДС Нордпорт', en: 'Nordport VTS' },
      en: 'Nordic Star, this is Nordport VTS. ADVICE. Stand by on VHF Channel six nine. Over.',
      ru: 'Nordic Star…',
    },
    {
      station: 'self',
      speaker: { ru: 'Nordic Star', en: 'Nordic Star' },
      task: { ru: 'Ответьте намерением.', en: 'Give your intention.' },
      en: 'Nordport VTS, this is Nordic Star. Standing by on VHF Channel six nine. Over.',
      ru: 'Nordport VTS…',
      wrong: [
        'Nordport VTS, this is Nordic Star. Received, understood. Over.',
        'Nordport VTS, this is Nordic Star. Standing by on VHF Channel one six. Over.',
      ],
    },
    {
      station: 'other',
      speaker: { ru: 'СУДС Нордпорт', en: 'Nordport VTS' },
      en: 'Nordic Star, this is Nordport VTS. Received. Out.',
      ru: 'Nordic Star…',
    },
  ],
};

const where = (drill: Drill, rule: Rule, finding: Finding) =>
  `${drill.id} turn ${finding.turn + 1}${
    finding.wrong === undefined ? '' : ` wrong reply ${finding.wrong + 1}`
  }: [${rule.id}] ${finding.message}`;

const findings = (drill: Drill, rules: readonly Rule[] = RULES) =>
  rules.flatMap((rule) => rule.check(drill).map((finding) => where(drill, rule, finding)));

describe('the radio procedure of the built-in drills', () => {
  const { drills } = readDrills(drillData);

  it.each(RULES.map((rule) => [rule.id, rule] as const))('%s holds in every drill', (_id, rule) => {
    expect(drills.flatMap((drill) => findings(drill, [rule]))).toEqual([]);
  });

  it('names a source and a sentence for every rule, each rule once', () => {
    expect(new Set(RULES.map((rule) => rule.id)).size).toBe(RULES.length);
    for (const rule of RULES) {
      expect(rule.source.trim()).not.toBe('');
      expect(rule.rule.trim()).not.toBe('');
    }
  });
});

describe('the procedure rules', () => {
  it('pass the model exchange', () => {
    expect(findings(MODEL)).toEqual([]);
  });

  it.each(RULES.map((rule) => [rule.id, rule] as const))(
    '%s catches its slip, naming the drill and the turn',
    (_id, rule) => {
      const broken = rule.breaks(MODEL);
      const caught = findings(broken, [rule]);
      expect(caught.length).toBeGreaterThan(0);
      expect(caught[0]).toMatch(new RegExp(`^model-exchange turn \\d+.*\\[${rule.id}\\]`));
    },
  );
});
