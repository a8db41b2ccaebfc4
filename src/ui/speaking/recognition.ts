/**
 * The browser's ways to hear a reply, for the spoken answer mode: the Web Speech API's
 * recognition, on the device where it can (`processLocally`, with `available()` and `install()`
 * for the language pack) or through the browser's online service with the learner's consent, and
 * MediaRecorder for record and compare. Loaded only when a learner chooses to speak; nothing here
 * runs at import, and the microphone is asked for only by `listenOnce` and `startRecording`.
 */

/** What `SpeechRecognition.available()` answers; `unknown` where the browser has no such check. */
export type Availability = 'available' | 'downloadable' | 'downloading' | 'unavailable' | 'unknown';

/** What this browser offers for hearing English. */
export interface HearingPlan {
  /** The English the recogniser listens for (`en-GB` or `en-US`). */
  lang: string;
  /** The browser has speech recognition at all. */
  recognition: boolean;
  /** Recognition on the device, for `lang`. */
  onDevice: Availability;
  /** MediaRecorder and a microphone API: record and compare is possible. */
  canRecord: boolean;
}

/** How one try to listen ended. */
export type ListenResult =
  | { kind: 'heard'; alternatives: string[] }
  | { kind: 'nothing' }
  | { kind: 'error'; error: string };

/** The parts of the Web Speech API recognition used here (older browsers prefix it `webkit`). */
interface RecognitionResultList {
  length: number;
  [index: number]: { length: number; isFinal?: boolean; [index: number]: { transcript: string } };
}

interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  processLocally?: boolean;
  onresult: ((event: { results: RecognitionResultList }) => void) | null;
  onnomatch: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

interface RecognitionOptions {
  langs: string[];
  processLocally?: boolean;
}

interface RecognitionClass {
  new (): Recognition;
  available?: (options: RecognitionOptions) => Promise<string>;
  install?: (options: RecognitionOptions) => Promise<boolean>;
}

/** How long the browser may take to say what it has (the check must not hold the screen). */
export const AVAILABILITY_TIMEOUT_MS = 5000;
/** The longest one try listens before it is stopped (a recogniser that never ends). */
export const LISTEN_TIMEOUT_MS = 20_000;
/** The longest recording kept. */
export const RECORD_MAX_MS = 60_000;

function recognitionClass(): RecognitionClass | null {
  const w = window as unknown as {
    SpeechRecognition?: RecognitionClass;
    webkitSpeechRecognition?: RecognitionClass;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

const AVAILABILITIES: readonly Availability[] = [
  'available',
  'downloadable',
  'downloading',
  'unavailable',
];

/**
 * What this browser offers for the English of `langs` (the learner's accent first): the first
 * language on-device recognition has, else the first it can install, else the first.
 */
export async function planHearing(langs: readonly string[]): Promise<HearingPlan> {
  const Api = recognitionClass();
  const canRecord =
    typeof MediaRecorder !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function';
  const first = langs[0] ?? 'en-US';
  if (!Api) return { lang: first, recognition: false, onDevice: 'unavailable', canRecord };
  const check = Api.available;
  if (typeof check !== 'function') {
    return { lang: first, recognition: true, onDevice: 'unknown', canRecord };
  }
  const answers = await Promise.all(
    langs.map(async (lang) => {
      const answer = await withTimeout(
        check.call(Api, { langs: [lang], processLocally: true }),
        AVAILABILITY_TIMEOUT_MS,
        'unknown',
      );
      const known = AVAILABILITIES.includes(answer as Availability);
      return { lang, onDevice: (known ? answer : 'unknown') as Availability };
    }),
  );
  const best = answers.find((a) => a.onDevice === 'available') ??
    answers.find((a) => a.onDevice === 'downloading' || a.onDevice === 'downloadable') ??
    answers[0] ?? { lang: first, onDevice: 'unknown' as Availability };
  return { lang: best.lang, recognition: true, onDevice: best.onDevice, canRecord };
}

/** Installs the language pack for on-device recognition; true once it is there. */
export async function installLanguage(lang: string): Promise<boolean> {
  const Api = recognitionClass();
  if (!Api || typeof Api.install !== 'function') return false;
  try {
    return await Api.install.call(Api, { langs: [lang], processLocally: true });
  } catch (error) {
    console.error('Installing the speech language pack failed', error);
    return false;
  }
}

/** The recogniser's alternatives, each the whole utterance (its final parts joined). */
function alternativesOf(results: RecognitionResultList): string[] {
  let most = 0;
  for (let i = 0; i < results.length; i++) most = Math.max(most, results[i]?.length ?? 0);
  const alternatives: string[] = [];
  for (let a = 0; a < most; a++) {
    const parts: string[] = [];
    for (let i = 0; i < results.length; i++) {
      const result = results[i];
      const part = result?.[a] ?? result?.[0];
      if (part?.transcript) parts.push(part.transcript.trim());
    }
    const text = parts.join(' ').trim();
    if (text !== '' && !alternatives.includes(text)) alternatives.push(text);
  }
  return alternatives;
}

/**
 * Listens for one utterance (the browser asks for the microphone the first time). `onDevice`
 * keeps the audio on the device; without it the browser may send it to its online service, which
 * the screen offers only with the learner's consent. `signal` stops listening early (the result so
 * far is taken).
 */
export function listenOnce(options: {
  lang: string;
  onDevice: boolean;
  signal?: AbortSignal;
}): Promise<ListenResult> {
  const Api = recognitionClass();
  if (!Api) return Promise.resolve({ kind: 'error', error: 'not-supported' });
  return new Promise((resolve) => {
    let settled: ListenResult | null = null;
    let done = false;
    const recognition = new Api();
    const finish = (result: ListenResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
      resolve(result);
    };
    const stop = () => {
      try {
        recognition.stop();
      } catch {
        finish(settled ?? { kind: 'nothing' });
      }
    };
    const timer = setTimeout(stop, LISTEN_TIMEOUT_MS);
    recognition.lang = options.lang;
    recognition.continuous = false;
    recognition.interimResults = false;
    recognition.maxAlternatives = 3;
    if (options.onDevice) recognition.processLocally = true;
    recognition.onresult = (event) => {
      const alternatives = alternativesOf(event.results);
      settled = alternatives.length > 0 ? { kind: 'heard', alternatives } : { kind: 'nothing' };
    };
    recognition.onnomatch = () => {
      settled ??= { kind: 'nothing' };
    };
    recognition.onerror = (event) => {
      // "no-speech": nothing said; "aborted": stopped by us. Both are nothing heard.
      if (event.error === 'no-speech' || event.error === 'aborted') settled ??= { kind: 'nothing' };
      else settled = { kind: 'error', error: event.error };
    };
    recognition.onend = () => finish(settled ?? { kind: 'nothing' });
    options.signal?.addEventListener('abort', stop);
    try {
      recognition.start();
    } catch (error) {
      finish({ kind: 'error', error: error instanceof Error ? error.name : 'start-failed' });
    }
  });
}

/** A recording under way. */
export interface Recording {
  /** Stops and gives the recording (empty when nothing was recorded). */
  stop(): Promise<Blob>;
}

/**
 * Starts recording from the microphone (the browser asks for it the first time). Rejects with
 * the browser's error (`NotAllowedError` when refused, `NotFoundError` with no microphone).
 */
export async function startRecording(): Promise<Recording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const recorder = new MediaRecorder(stream);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const stopped = new Promise<Blob>((resolve) => {
    recorder.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      resolve(new Blob(chunks, { type: recorder.mimeType || 'audio/webm' }));
    };
  });
  recorder.start();
  const limit = setTimeout(() => {
    if (recorder.state !== 'inactive') recorder.stop();
  }, RECORD_MAX_MS);
  return {
    stop() {
      clearTimeout(limit);
      if (recorder.state !== 'inactive') recorder.stop();
      return stopped;
    },
  };
}

let context: AudioContext | null = null;

/**
 * Plays a recording through Web Audio (decoded in memory: no `blob:` address, which the app's
 * Content-Security-Policy does not allow for media). Resolves when it has played.
 */
export async function playRecording(recording: Blob): Promise<void> {
  context ??= new AudioContext();
  if (context.state === 'suspended') await context.resume();
  const audio = await context.decodeAudioData(await recording.arrayBuffer());
  const source = context.createBufferSource();
  source.buffer = audio;
  source.connect(context.destination);
  await new Promise<void>((resolve) => {
    source.onended = () => resolve();
    source.start();
  });
}
