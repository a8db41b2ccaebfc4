/**
 * The TRUE memory of a simulated learner, for the memory bench: the activation model of the
 * spacing effect of Pavlik & Anderson (2005, "Practice and forgetting effects on vocabulary
 * memory", Cognitive Science 29), with their published parameters. It is deliberately neither
 * scheduler's own model (not SPEC §4's streak intervals, not FSRS's forgetting curve), so the
 * bench measures the schedules against a memory none of them was built on or tuned to.
 *
 *   every answer shows the right answer: it is a presentation i at psychological time t_i
 *   activation  m(t) = β_learner + β_word + ln Σ_i (t − t_i)^(−d_i)
 *   decay       d_i  = c · e^(m(t_i)) + a   (m just before presentation i; a for the first one)
 *   recall      p(t) = 1 / (1 + e^((τ − m(t)) / s))
 *   time        seconds inside a session count in full, time between sessions counts h times
 *
 * The spacing effect comes from the decay: a presentation made while the word is still strongly
 * active decays fast, one made after a longer gap (activation lower) decays slowly.
 */
import { seededRandom } from '@/domain/random';
import type { Random } from '@/domain/types';

/** Pavlik & Anderson (2005), as published; nothing here is fitted to this app or its schedules. */
export const ACT_R = { c: 0.217, a: 0.177, tau: -0.704, s: 0.255, h: 0.025 } as const;

/** Spread (standard deviation, activation units) of learner ability and of word difficulty. */
export const LEARNER_SD = 0.2;
export const WORD_SD = 0.3;

/** A standard normal draw (Box-Muller) from a uniform source. */
export function normal(random: Random): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Word difficulty offsets, shared by every learner (a hard word is hard for everyone). */
export function wordOffsets(vocabIds: readonly string[], seed: number): Map<string, number> {
  const random = seededRandom(seed);
  return new Map(vocabIds.map((id) => [id, WORD_SD * normal(random)]));
}

interface Traces {
  times: number[];
  decays: number[];
}

/** One learner's memory of every word; the time is epoch ms, the session marks move its clock. */
export class LearnerMemory {
  private readonly traces = new Map<string, Traces>();
  private clockWall = 0;
  private clockPsych = 0;
  private inSession = false;

  constructor(
    private readonly ability: number,
    private readonly offsets: ReadonlyMap<string, number>,
  ) {}

  /** Psychological seconds at `wall` (which must not precede the last session mark). */
  private psychAt(wall: number): number {
    const rate = this.inSession ? 1 : ACT_R.h;
    return this.clockPsych + ((wall - this.clockWall) / 1000) * rate;
  }

  private mark(wall: number, inSession: boolean): void {
    this.clockPsych = this.psychAt(wall);
    this.clockWall = wall;
    this.inSession = inSession;
  }

  startSession(wall: number): void {
    this.mark(wall, true);
  }

  endSession(wall: number): void {
    this.mark(wall, false);
  }

  private activation(vocabId: string, psych: number): number {
    const word = this.traces.get(vocabId);
    if (!word) return Number.NEGATIVE_INFINITY;
    let sum = 0;
    for (let i = 0; i < word.times.length; i++) {
      const age = Math.max(1, psych - (word.times[i] as number));
      sum += age ** -(word.decays[i] as number);
    }
    return this.ability + (this.offsets.get(vocabId) ?? 0) + Math.log(sum);
  }

  /** The probability that the learner recalls the word at `wall` (0 for a word never shown). */
  recall(vocabId: string, wall: number): number {
    const m = this.activation(vocabId, this.psychAt(wall));
    if (m === Number.NEGATIVE_INFINITY) return 0;
    return 1 / (1 + Math.exp((ACT_R.tau - m) / ACT_R.s));
  }

  /** The word was shown at `wall` (an answer and its feedback): one more trace. */
  present(vocabId: string, wall: number): void {
    const psych = this.psychAt(wall);
    const m = this.activation(vocabId, psych);
    const decay = ACT_R.c * Math.exp(m) + ACT_R.a; // e^(−∞) = 0 for the first presentation
    const word = this.traces.get(vocabId);
    if (word) {
      word.times.push(psych);
      word.decays.push(decay);
    } else {
      this.traces.set(vocabId, { times: [psych], decays: [decay] });
    }
  }
}
