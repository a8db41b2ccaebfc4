// @vitest-environment happy-dom
/**
 * The speaking panel's own logic, without a browser: a try still listening when the learner moves
 * on answers nothing (it would count for the next turn), and an answer heard after the screen has
 * changed reaches the screen's latest handler.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SpeakPanel from '@/ui/speaking/speak-panel';
import type { SpokenAnswer } from '@/ui/speaking/types';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const REPLY = 'Nordport VTS, this is Nordic Star. I require a pilot. Over.';

/** On-device recognition whose try hears the reply when `finish()` is called. */
function slowRecognition(): { finish: () => void } {
  const tries: (() => void)[] = [];
  class FakeRecognition {
    onresult: ((event: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      tries.push(() => {
        this.onresult?.({ results: [Object.assign([{ transcript: REPLY }], { isFinal: true })] });
        this.onend?.();
      });
    }
    stop() {}
    abort() {}
    static available = async () => 'available';
  }
  (window as { SpeechRecognition?: unknown }).SpeechRecognition = FakeRecognition;
  return { finish: () => tries.shift()?.() };
}

const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

function speakButton(host: HTMLElement): HTMLButtonElement {
  const button = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Говорить');
  if (!button) throw new Error('no Speak button');
  return button;
}

describe('the speaking panel', () => {
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
  });

  const render = (onAnswer: (answer: SpokenAnswer) => void) =>
    act(() =>
      root.render(
        <SpeakPanel expected={REPLY} langs={['en-US']} onAnswer={onAnswer} counted={false} />,
      ),
    );

  it('answers nothing for a try that ends after the panel left', async () => {
    const recogniser = slowRecognition();
    const onAnswer = vi.fn();
    await render(onAnswer);
    await flush();
    await act(async () => speakButton(host).click());
    await act(async () => root.render(<p>the next turn</p>));
    await act(async () => recogniser.finish());
    await flush();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('with no recognition, says plainly when the microphone is refused, and counts nothing', async () => {
    // A browser without speech recognition: record and compare. The microphone is asked for only
    // at the learner's «Записать», and this learner refuses it.
    class Recorder {}
    vi.stubGlobal('MediaRecorder', Recorder);
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia },
      configurable: true,
    });
    try {
      const onAnswer = vi.fn();
      await render(onAnswer);
      await flush();
      expect(getUserMedia).not.toHaveBeenCalled();
      const record = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Записать');
      if (!record) throw new Error('no Record button');
      await act(async () => record.click());
      await flush();
      expect(getUserMedia).toHaveBeenCalledTimes(1);
      expect(host.querySelector('[role="alert"]')?.textContent).toBe(
        'Доступ к микрофону запрещён. Разрешите его для этого сайта в настройках браузера или отвечайте выбором.',
      );
      expect(onAnswer).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });

  it('gives an answer heard later to the screen’s latest handler', async () => {
    const recogniser = slowRecognition();
    const first = vi.fn();
    const latest = vi.fn();
    await render(first);
    await flush();
    await act(async () => speakButton(host).click());
    await render(latest);
    await act(async () => recogniser.finish());
    await flush();
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith(expect.objectContaining({ correct: true, mode: 'spoken' }));
    expect(host.textContent).toContain('Верно: все слова сказаны по порядку.');
  });
});
