/**
 * Pronunciation rules, pure: which of the device's voices speaks the English, at which rate, and
 * what text. The voices come from the Web Speech API (`speechSynthesis.getVoices()`); a voice
 * that runs on the device (`localService`) is preferred, so the app speaks at sea with no network.
 */

/** What the app needs of a SpeechSynthesisVoice. */
export interface VoiceInfo {
  name: string;
  voiceURI: string;
  lang: string;
  localService: boolean;
  default: boolean;
}

/** The accent chosen in settings; `auto` takes whatever English voice suits best. */
export type Accent = 'auto' | 'en-GB' | 'en-US';
export const ACCENTS: readonly Accent[] = ['auto', 'en-GB', 'en-US'];

/** The speaking rate of the learner's setting: normal speech, or slower for learners. */
export const SPEECH_RATE = { normal: 1, slow: 0.7 } as const;
export type SpeechPace = keyof typeof SPEECH_RATE;

/** The speech settings a user keeps on a device (the voices are the device's). */
export interface SpeechSettings {
  accent: Accent;
  pace: SpeechPace;
  /** Include listening questions in sessions. */
  listening: boolean;
}

export const DEFAULT_SPEECH: SpeechSettings = { accent: 'auto', pace: 'normal', listening: false };

/** `en-GB`, `en_GB`, `EN-gb` all name the same language. */
const normalLang = (lang: string) => lang.replace('_', '-').toLowerCase();

export const isEnglish = (voice: Pick<VoiceInfo, 'lang'>) =>
  /^en(-|$)/.test(normalLang(voice.lang));

/** The accents the device has English voices for (the settings offer a choice only with both). */
export function accentsOf(voices: readonly VoiceInfo[]): Accent[] {
  const langs = new Set(voices.filter(isEnglish).map((voice) => normalLang(voice.lang)));
  return (['en-GB', 'en-US'] as const).filter((accent) => langs.has(accent.toLowerCase()));
}

/**
 * The voice to speak English with, or null when the device has none: English voices only; one
 * that runs on the device before a network voice; the chosen accent first (with `auto`, British,
 * then American, then any other English); then the platform's default; then by name, so the
 * choice is stable.
 */
export function chooseVoice(voices: readonly VoiceInfo[], accent: Accent): VoiceInfo | null {
  const english = voices.filter(isEnglish);
  if (english.length === 0) return null;
  const wanted = accent === 'auto' ? 'en-gb' : accent.toLowerCase();
  const score = (voice: VoiceInfo) => {
    const lang = normalLang(voice.lang);
    return (
      (voice.localService ? 8 : 0) +
      (lang === wanted ? 4 : lang === 'en-us' || lang === 'en-gb' ? 2 : 0) +
      (voice.default ? 1 : 0)
    );
  };
  return (
    [...english].sort((a, b) => score(b) - score(a) || a.name.localeCompare(b.name))[0] ?? null
  );
}

/** The text spoken for a word: its English as written (a word's tile text is not for reading aloud). */
export function spokenText(item: { langB: string }): string {
  return item.langB.trim();
}

/** Settings read back from storage: anything unknown takes its default. */
export function readSpeechSettings(value: unknown): SpeechSettings {
  const saved = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  return {
    accent: ACCENTS.includes(saved.accent as Accent) ? (saved.accent as Accent) : 'auto',
    pace: saved.pace === 'slow' ? 'slow' : 'normal',
    listening: saved.listening === true,
  };
}
