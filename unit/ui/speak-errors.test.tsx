// @vitest-environment happy-dom
/**
 * The speaking panel's errors, said in plain words: the browser's error codes (the Web Speech
 * API's, getUserMedia's) go to the console, never into the text the learner reads.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SpeakPanel from '@/ui/speaking/speak-panel';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const REPLY = 'Nordport VTS, this is Nordic Star. I require a pilot. Over.';

/** On-device recognition whose every try ends with the error `code`. */
function failingRecognition(code: string) {
  class FakeRecognition {
    onerror: ((event: { error: string }) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      setTimeout(() => {
        this.onerror?.({ error: code });
        this.onend?.();
      }, 0);
    }
    stop() {}
    abort() {}
    static available = async () => 'available';
  }
  (window as { SpeechRecognition?: unknown }).SpeechRecognition = FakeRecognition;
}

const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

function button(host: HTMLElement, text: string): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].find((b) => b.textContent === text);
  if (!found) throw new Error(`no ${text} button`);
  return found;
}

describe('the speaking panel’s errors', () => {
  let host: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });

  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    delete (window as { SpeechRecognition?: unknown }).SpeechRecognition;
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  const render = () =>
    act(() =>
      root.render(
        <SpeakPanel expected={REPLY} langs={['en-US']} onAnswer={vi.fn()} counted={false} />,
      ),
    );

  it.each([
    ['bad-grammar', 'Распознать не удалось. Попробуйте ещё раз или запишите себя и сравните.'],
    ['audio-capture', 'Микрофон на устройстве не найден.'],
    [
      'service-not-allowed',
      'Браузер не разрешает здесь свой сервис распознавания. Запишите себя и сравните с образцом.',
    ],
  ])(
    'a recogniser’s «%s» is said in plain words, its code only in the console',
    async (code, text) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      failingRecognition(code);
      await render();
      await flush();
      await act(async () => button(host, 'Говорить').click());
      await flush();
      await flush();
      expect(host.querySelector('[role="alert"]')?.textContent).toBe(text);
      expect(warn).toHaveBeenCalledWith(expect.any(String), code);
    },
  );

  it('a microphone another app holds (NotReadableError) is said in plain words', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    class Recorder {}
    vi.stubGlobal('MediaRecorder', Recorder);
    Object.defineProperty(navigator, 'mediaDevices', {
      value: {
        getUserMedia: async () => {
          throw new DOMException('Could not start audio source', 'NotReadableError');
        },
      },
      configurable: true,
    });
    await render();
    await flush();
    await act(async () => button(host, 'Записать').click());
    await flush();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(
      'Микрофон занят или не отвечает: закройте другие приложения, которые им пользуются, и попробуйте ещё раз.',
    );
  });
});
