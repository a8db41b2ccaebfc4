/**
 * The spoken answer mode (loaded by SpeakLauncher when the learner chooses to speak): how this
 * device can hear the reply, honestly labelled, and then the reply heard and marked word by word,
 * or recorded and judged by the learner beside the model.
 *
 * - On-device recognition when `SpeechRecognition.available({ processLocally: true })` says so;
 *   the language pack is offered for download where it can be installed (its size is not told by
 *   the browser, so the screen says to download it over Wi-Fi or in port).
 * - The browser's online recognition only after the learner allows it on this screen, and only
 *   online: the screen says that the voice is sent to the browser maker's server. The consent is
 *   kept for the visit, not stored.
 * - Otherwise record and compare: MediaRecorder, the recording played beside the model, and the
 *   learner's own judgement.
 * The microphone is asked for by the browser when the learner first presses Speak or Record; a
 * refusal is said in plain words, and the learner can still answer by choosing.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { markSpoken, type SpokenResult, spokenForm } from '@/domain/spoken';
import { useLocalT } from '@/i18n';
import { speaking } from '@/i18n/messages/speaking';
import { useOnline } from '@/ui/use-online';
import {
  type HearingPlan,
  installLanguage,
  listenOnce,
  planHearing,
  playRecording,
  type Recording,
  startRecording,
} from './recognition';
import { SpokenMarks } from './spoken-marks';
import type { SpeakPanelProps } from './types';
import './speaking.css';

type Phase =
  | { kind: 'checking' }
  | { kind: 'ready' }
  | { kind: 'installing' }
  | { kind: 'listening' }
  | { kind: 'heard'; result: SpokenResult }
  | { kind: 'recording' }
  | { kind: 'recorded'; recording: Blob };

type Way = 'device' | 'online' | 'record' | 'none';

/** The learner allowed the browser's online recognition in this visit (never stored). */
let onlineAllowed = false;

/** A message of the panel: a key of its texts (the browser's error codes go to the console only). */
type Message = { key: keyof typeof speaking.en };

/** The message for a recogniser's error (the Web Speech API's codes), in plain words. */
function listenError(error: string): Message {
  console.warn('Speech recognition failed', error);
  switch (error) {
    case 'not-allowed':
      return { key: 'micRefused' };
    case 'service-not-allowed':
      return { key: 'serviceRefused' };
    case 'audio-capture':
      return { key: 'noMic' };
    case 'language-not-supported':
    case 'not-supported':
      return { key: 'notSupported' };
    case 'network':
      return { key: 'network' };
    case 'aborted':
    case 'AbortError':
      return { key: 'interrupted' };
    default:
      return { key: 'failed' };
  }
}

/** The message for a recording's error (getUserMedia's DOMException names), in plain words. */
function recordError(error: unknown): Message {
  const name = error instanceof Error ? error.name : String(error);
  if (name === 'NotAllowedError' || name === 'SecurityError') return { key: 'micRefused' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return { key: 'noMic' };
  if (name === 'NotReadableError') return { key: 'micBusy' };
  if (name === 'AbortError') return { key: 'recordInterrupted' };
  return { key: 'recordFailed' };
}

export default function SpeakPanel({ expected, langs, onAnswer, speak, counted }: SpeakPanelProps) {
  const t = useLocalT(speaking);
  const online = useOnline();
  const [plan, setPlan] = useState<HearingPlan | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const [message, setMessage] = useState<Message | null>(null);
  const [allowed, setAllowed] = useState(onlineAllowed);
  /** Recognition refused this language here (or its service failed): record and compare. */
  const [recognitionFailed, setRecognitionFailed] = useState(false);
  const stopListening = useRef<AbortController | null>(null);
  const recording = useRef<Recording | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const model = spokenForm(expected);
  const langKey = langs.join();
  /**
   * The panel is on screen: a try that ends after it left (the learner moved on while it
   * listened) answers nothing, or it would count for the next turn.
   */
  const live = useRef(true);
  /** The screen's latest handler: an answer heard after the screen changed meets its state now. */
  const answerTo = useRef(onAnswer);
  useLayoutEffect(() => {
    answerTo.current = onAnswer;
  });

  useEffect(() => {
    live.current = true;
    planHearing(langKey.split(',')).then((found) => {
      if (!live.current) return;
      setPlan(found);
      setPhase({ kind: 'ready' });
    });
    headingRef.current?.focus();
    return () => {
      live.current = false;
      stopListening.current?.abort();
      recording.current?.stop().catch(() => undefined);
    };
  }, [langKey]);

  useEffect(() => {
    if (phase.kind === 'heard' || phase.kind === 'recorded') resultRef.current?.focus();
  }, [phase.kind]);

  const way: Way = (() => {
    if (!plan) return 'none';
    if (plan.recognition && !recognitionFailed) {
      if (plan.onDevice === 'available') return 'device';
      if (online && allowed) return 'online';
    }
    return plan.canRecord ? 'record' : 'none';
  })();
  // The pack downloads over the network: offered online only (in port, on Wi-Fi).
  const offerInstall =
    plan?.recognition === true &&
    !recognitionFailed &&
    online &&
    (plan.onDevice === 'downloadable' || plan.onDevice === 'downloading');
  const offerOnline =
    plan?.recognition === true &&
    !recognitionFailed &&
    plan.onDevice !== 'available' &&
    online &&
    !allowed;

  const listen = useCallback(
    async (onDevice: boolean) => {
      if (!plan) return;
      setMessage(null);
      const controller = new AbortController();
      stopListening.current = controller;
      setPhase({ kind: 'listening' });
      const heard = await listenOnce({ lang: plan.lang, onDevice, signal: controller.signal });
      stopListening.current = null;
      if (!live.current) return;
      if (heard.kind === 'heard') {
        const result = markSpoken(expected, heard.alternatives);
        setPhase({ kind: 'heard', result });
        answerTo.current({ correct: result.pass, mode: 'spoken', result });
        return;
      }
      setPhase({ kind: 'ready' });
      if (heard.kind === 'nothing') {
        setMessage({ key: 'nothing' });
        return;
      }
      const shown = listenError(heard.error);
      setMessage(shown);
      if (['language-not-supported', 'network', 'service-not-allowed'].includes(heard.error)) {
        setRecognitionFailed(true);
      }
    },
    [plan, expected],
  );

  async function install() {
    if (!plan) return;
    setMessage(null);
    setPhase({ kind: 'installing' });
    const installed = await installLanguage(plan.lang);
    if (!live.current) return;
    if (installed) setPlan({ ...plan, onDevice: 'available' });
    else setMessage({ key: 'installFailed' });
    setPhase({ kind: 'ready' });
  }

  async function record() {
    setMessage(null);
    try {
      const started = await startRecording();
      if (!live.current) {
        await started.stop();
        return;
      }
      recording.current = started;
      setPhase({ kind: 'recording' });
    } catch (error) {
      console.error('Recording failed', error);
      setMessage(recordError(error));
      setPhase({ kind: 'ready' });
    }
  }

  async function stopRecording() {
    const current = recording.current;
    recording.current = null;
    if (!current) return;
    const blob = await current.stop();
    if (!live.current) return;
    setPhase({ kind: 'recorded', recording: blob });
  }

  function playMine(blob: Blob) {
    playRecording(blob).catch((error: unknown) => {
      console.error('Playing the recording failed', error);
      setMessage({ key: 'playFailed' });
    });
  }

  const hint = (() => {
    if (!plan) return t('checking');
    if (way === 'device') return t('onDevice');
    if (way === 'online') return t('online');
    if (offerOnline) return t('onlineHint');
    if (way === 'record') {
      if (!plan.recognition || recognitionFailed) return t('noRecognition');
      return t('offline');
    }
    return t('nothingHere');
  })();

  const busy =
    phase.kind === 'listening' || phase.kind === 'recording' || phase.kind === 'installing';

  return (
    <section className="speak-panel card" aria-labelledby="speak-title">
      <h3 id="speak-title" className="speak-title" ref={headingRef} tabIndex={-1}>
        {t('title')}
      </h3>
      <p className="speak-how muted">{hint}</p>
      {offerInstall && !busy ? (
        <p className="speak-how muted">
          {plan?.onDevice === 'downloading' ? t('installing') : t('installHint')}
        </p>
      ) : null}

      <div className="speak-model">
        <span className="speak-model-label">{t('model')}: </span>
        <span lang="en">{model}</span>
        {speak ? null : <span className="muted"> {t('noVoice')}</span>}
      </div>

      <div className="speak-actions">
        {phase.kind === 'listening' ? (
          <>
            <p className="speak-live" role="status">
              {t('listening')}
            </p>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => stopListening.current?.abort()}
            >
              {t('stop')}
            </button>
          </>
        ) : phase.kind === 'recording' ? (
          <>
            <p className="speak-live" role="status">
              {t('recording')}
            </p>
            <button type="button" className="btn btn-primary" onClick={() => void stopRecording()}>
              {t('stop')}
            </button>
          </>
        ) : phase.kind === 'installing' ? (
          <p className="speak-live" role="status">
            {t('installing')}
          </p>
        ) : plan ? (
          <>
            {way === 'device' || way === 'online' ? (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void listen(way === 'device')}
              >
                {phase.kind === 'heard' ? t('again') : t('speak')}
              </button>
            ) : null}
            {offerOnline ? (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  onlineAllowed = true;
                  setAllowed(true);
                  void listen(false);
                }}
              >
                {t('allowOnline')}
              </button>
            ) : null}
            {offerInstall && plan.onDevice === 'downloadable' ? (
              <button type="button" className="btn" onClick={() => void install()}>
                {t('install')}
              </button>
            ) : null}
            {plan.canRecord && (way === 'record' || offerOnline || offerInstall) ? (
              <button type="button" className="btn" onClick={() => void record()}>
                {way === 'record' ? t('recordStart') : t('record')}
              </button>
            ) : null}
          </>
        ) : (
          <p className="speak-live" role="status">
            {t('checking')}
          </p>
        )}
        {speak ? (
          <button type="button" className="btn" onClick={() => speak(model)}>
            {t('playModel')}
          </button>
        ) : null}
      </div>

      <div role="alert" className="speak-alert">
        {message ? <p className="speak-error">{t(message.key)}</p> : null}
      </div>

      {phase.kind === 'heard' ? <SpokenMarks result={phase.result} resultRef={resultRef} /> : null}

      {phase.kind === 'recorded' ? (
        <div className="speak-judge">
          <p ref={resultRef} tabIndex={-1}>
            {t('judge')}
          </p>
          <div className="speak-actions">
            <button type="button" className="btn" onClick={() => playMine(phase.recording)}>
              {t('playMine')}
            </button>
            <button type="button" className="btn" onClick={() => void record()}>
              {t('recordStart')}
            </button>
          </div>
          <div className="speak-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => onAnswer({ correct: true, mode: 'self' })}
            >
              {t('judgeRight')}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => onAnswer({ correct: false, mode: 'self' })}
            >
              {t('judgeWrong')}
            </button>
          </div>
        </div>
      ) : null}
      {counted ? <p className="muted speak-counted">{t('counted')}</p> : null}
    </section>
  );
}
