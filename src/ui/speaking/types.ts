/** What the spoken answer mode gives back to the screen that shows it (types only). */
import type { SpokenResult } from '@/domain/spoken';

/**
 * One answer given aloud: marked by the app (`spoken`: every key word said in order) or judged by
 * the learner after comparing their recording with the model (`self`).
 */
export interface SpokenAnswer {
  correct: boolean;
  mode: 'spoken' | 'self';
  /** The marking, for a recognised answer. */
  result?: SpokenResult;
}

export interface SpeakPanelProps {
  /** The English reply expected, as written (the panel says and marks its spoken form). */
  expected: string;
  /** The English the recogniser listens for, the learner's accent first. */
  langs: readonly string[];
  /** Each answer given; the screen counts the first. */
  onAnswer: (answer: SpokenAnswer) => void;
  /** Reads English with the device's voice; missing where the device has none. */
  speak?: (text: string) => void;
  /** The screen has counted an answer already (the panel says that more tries are practice). */
  counted: boolean;
}
