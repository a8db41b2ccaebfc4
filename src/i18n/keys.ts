/**
 * The keys of every interface text, as types only (nothing here is loaded): the shared
 * dictionaries' keys (`useT`), and the keys a language file gives the sets screens carry
 * themselves (`useLocalT`), as `<prefix>.<key>`.
 */
import type { MessageSet, Messages } from './define';
import type { account } from './messages/account';
import type { admin } from './messages/admin';
import type { auth } from './messages/auth';
import type { charts } from './messages/charts';
import type { common } from './messages/common';
import type { deadLetters } from './messages/dead-letters';
import type { drills } from './messages/drills';
import type { exam } from './messages/exam';
import type { fleet } from './messages/fleet';
import type { home } from './messages/home';
import type { library } from './messages/library';
import type { onboarding } from './messages/onboarding';
import type { quiz } from './messages/quiz';
import type { schedule } from './messages/schedule';
import type { speakButton } from './messages/speak-button';
import type { speaking } from './messages/speaking';

type KeysOf<S> = S extends MessageSet<infer E, string> ? keyof E & string : never;

/** The sets of the shared dictionaries: the start-up ones and those loaded with their screens. */
type SharedSets =
  | typeof common
  | typeof auth
  | typeof home
  | typeof account
  | typeof admin
  | typeof drills
  | typeof exam
  | typeof fleet
  | typeof library
  | typeof onboarding
  | typeof quiz;

/** The sets a screen carries itself. */
type LocalSets =
  | typeof charts
  | typeof deadLetters
  | typeof schedule
  | typeof speakButton
  | typeof speaking;

/** A key of the shared dictionaries. */
export type MessageKey = KeysOf<SharedSets>;

/** A local set's key as a language file holds it. */
type LocalKeyOf<S> =
  S extends MessageSet<infer E, infer P>
    ? [P] extends [never]
      ? keyof E & string
      : `${P}.${keyof E & string}`
    : never;

/** Every key a language file gives a text. */
export type TextKey = MessageKey | LocalKeyOf<LocalSets>;

/**
 * The texts of one interface language beyond Russian and English (`languages/<code>.ts` exports
 * them as `texts`). A key it lacks shows in English, but the i18n test holds every language to
 * the whole set.
 */
export type LanguageTexts = Readonly<Partial<Record<TextKey, string>>>;

export type { Messages };
