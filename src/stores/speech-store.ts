/**
 * Pronunciation on this device: the English voices of the Web Speech API (`speechSynthesis`), the
 * voice the rules choose (domain/speech: one that runs on the device first, so it works at sea),
 * and each user's speech settings, kept per device and user in local storage (the voices are the
 * device's). Loaded with the screens that speak; `connectSpeech` (called by their routes) reads
 * the voices and follows the signed-in user. No network call anywhere.
 */
import { create } from 'zustand';
import {
  type Accent,
  accentsOf,
  chooseVoice,
  DEFAULT_SPEECH,
  readSpeechSettings,
  SPEECH_RATE,
  type SpeechPace,
  type SpeechSettings,
  type VoiceInfo,
} from '@/domain/speech';
import { useAuthStore } from './auth-store';

interface SpeechState {
  /** The browser has speechSynthesis at all. */
  supported: boolean;
  voices: VoiceInfo[];
  /** The voice English is spoken with; null: no English voice on this device. */
  voice: VoiceInfo | null;
  /** The accents the device has voices for. */
  accents: Accent[];
  settings: SpeechSettings;
  /** Speaks English text; false when it cannot (no voice). */
  speak(text: string): boolean;
  /** Speaks English texts one after another (a radio exchange); false when it cannot. */
  speakAll(texts: readonly string[]): boolean;
  setAccent(accent: Accent): void;
  setPace(pace: SpeechPace): void;
  setListening(listening: boolean): void;
}

const STORAGE_PREFIX = 'marine.speech.';

function synth(): SpeechSynthesis | null {
  try {
    return typeof speechSynthesis === 'undefined' ? null : speechSynthesis;
  } catch {
    return null;
  }
}

/** The native voice objects by URI: an utterance needs the real object. */
let nativeVoices = new Map<string, SpeechSynthesisVoice>();

const storageKey = () => `${STORAGE_PREFIX}${useAuthStore.getState().user?.id ?? 'guest'}`;

function loadSettings(): SpeechSettings {
  try {
    const raw = localStorage.getItem(storageKey());
    return raw ? readSpeechSettings(JSON.parse(raw)) : DEFAULT_SPEECH;
  } catch {
    return DEFAULT_SPEECH;
  }
}

function saveSettings(settings: SpeechSettings): void {
  try {
    localStorage.setItem(storageKey(), JSON.stringify(settings));
  } catch {
    // Storage full or blocked: the setting applies for this visit.
  }
}

export const useSpeechStore = create<SpeechState>()((set, get) => {
  function change(patch: Partial<SpeechSettings>) {
    const settings = { ...get().settings, ...patch };
    saveSettings(settings);
    set({ settings, voice: chooseVoice(get().voices, settings.accent) });
  }

  return {
    supported: false,
    voices: [],
    voice: null,
    accents: [],
    settings: DEFAULT_SPEECH,

    speak: (text) => get().speakAll([text]),

    speakAll(texts) {
      const engine = synth();
      const voice = get().voice;
      const native = voice ? nativeVoices.get(voice.voiceURI) : undefined;
      const said = texts.filter((text) => text !== '');
      if (!engine || !voice || !native || said.length === 0) return false;
      engine.cancel();
      // The engine queues utterances: each is said after the one before.
      for (const text of said) {
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.voice = native;
        utterance.lang = voice.lang;
        utterance.rate = SPEECH_RATE[get().settings.pace];
        engine.speak(utterance);
      }
      return true;
    },

    setAccent: (accent) => change({ accent }),
    setPace: (pace) => change({ pace }),
    setListening: (listening) => change({ listening }),
  };
});

/** Reads the device's voices into the store (they may arrive late: `voiceschanged`). */
function readVoices(): void {
  const engine = synth();
  const natives = engine?.getVoices() ?? [];
  nativeVoices = new Map(natives.map((voice) => [voice.voiceURI, voice]));
  const voices: VoiceInfo[] = natives.map((voice) => ({
    name: voice.name,
    voiceURI: voice.voiceURI,
    lang: voice.lang,
    localService: voice.localService,
    default: voice.default,
  }));
  const { settings } = useSpeechStore.getState();
  useSpeechStore.setState({
    supported: engine !== null,
    voices,
    accents: accentsOf(voices),
    voice: chooseVoice(voices, settings.accent),
  });
}

function adoptSettings(): void {
  const settings = loadSettings();
  useSpeechStore.setState({
    settings,
    voice: chooseVoice(useSpeechStore.getState().voices, settings.accent),
  });
}

let connected = false;

/** Reads the voices and the user's settings, and follows both (once; later calls do nothing). */
export function connectSpeech(): void {
  if (connected) return;
  connected = true;
  adoptSettings();
  readVoices();
  synth()?.addEventListener?.('voiceschanged', readVoices);
  useAuthStore.subscribe((state, previous) => {
    if (state.user?.id !== previous.user?.id) adoptSettings();
  });
}

/** The listen control is shown only where English can be spoken. */
export const useCanSpeak = () => useSpeechStore((s) => s.voice !== null);
