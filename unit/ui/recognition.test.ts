// @vitest-environment happy-dom
/**
 * How the spoken answer mode finds out what the browser can do and reads what it heard: the
 * language the device recognises on its own chosen first, a check that never answers given up on,
 * the recogniser's parts joined into whole alternatives, and its outcomes told apart.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AVAILABILITY_TIMEOUT_MS, listenOnce, planHearing } from '@/ui/speaking/recognition';
import { listeningLangs } from '@/ui/speaking/speak-launcher';

type Handler = ((event?: unknown) => void) | null;

/** A recogniser whose `start()` runs `script` on the instance, and whose class answers `available`. */
function install(
  script: (recognition: Record<string, Handler> & { stopped: boolean }) => void,
  available?: (lang: string) => Promise<string>,
): void {
  class FakeRecognition {
    onresult: Handler = null;
    onnomatch: Handler = null;
    onerror: Handler = null;
    onend: Handler = null;
    stopped = false;
    start() {
      setTimeout(() => script(this as never), 0);
    }
    stop() {
      this.stopped = true;
      setTimeout(() => this.onend?.(), 0);
    }
    abort() {}
  }
  if (available) {
    Object.assign(FakeRecognition, {
      available: (options: { langs: string[] }) => available(options.langs[0] as string),
    });
  }
  (window as { SpeechRecognition?: unknown }).SpeechRecognition = FakeRecognition;
}

afterEach(() => {
  delete (window as { SpeechRecognition?: unknown }).SpeechRecognition;
  vi.useRealTimers();
});

describe('planHearing', () => {
  it('with no recognition at all, says so', async () => {
    expect(await planHearing(['en-GB', 'en-US'])).toMatchObject({
      lang: 'en-GB',
      recognition: false,
      onDevice: 'unavailable',
    });
  });

  it('takes the language the device recognises on its own, else one it can install', async () => {
    install(
      () => undefined,
      async (lang) => (lang === 'en-US' ? 'available' : 'unavailable'),
    );
    expect(await planHearing(['en-GB', 'en-US'])).toMatchObject({
      lang: 'en-US',
      recognition: true,
      onDevice: 'available',
    });
    install(
      () => undefined,
      async (lang) => (lang === 'en-US' ? 'downloadable' : 'unavailable'),
    );
    expect(await planHearing(['en-GB', 'en-US'])).toMatchObject({
      lang: 'en-US',
      onDevice: 'downloadable',
    });
  });

  it('knows nothing of the device where the browser has no check, or the check never answers', async () => {
    install(() => undefined);
    expect((await planHearing(['en-US'])).onDevice).toBe('unknown');
    vi.useFakeTimers();
    install(
      () => undefined,
      () => new Promise(() => undefined),
    );
    const plan = planHearing(['en-US']);
    await vi.advanceTimersByTimeAsync(AVAILABILITY_TIMEOUT_MS);
    expect((await plan).onDevice).toBe('unknown');
  });
});

describe('listenOnce', () => {
  const heard = (parts: string[][]) =>
    parts.map((alternatives) => alternatives.map((transcript) => ({ transcript })));

  it('joins the parts of an utterance into whole alternatives', async () => {
    install((r) => {
      r.onresult?.({
        results: heard([
          ['Nordport VTS this is', 'North port VTS this is'],
          [' Nordic Star over '],
        ]),
      });
      r.onend?.();
    });
    expect(await listenOnce({ lang: 'en-US', onDevice: true })).toEqual({
      kind: 'heard',
      alternatives: [
        'Nordport VTS this is Nordic Star over',
        'North port VTS this is Nordic Star over',
      ],
    });
  });

  it('tells nothing heard from an error', async () => {
    install((r) => {
      r.onnomatch?.();
      r.onend?.();
    });
    expect(await listenOnce({ lang: 'en-US', onDevice: true })).toEqual({ kind: 'nothing' });
    install((r) => {
      r.onerror?.({ error: 'no-speech' });
      r.onend?.();
    });
    expect(await listenOnce({ lang: 'en-US', onDevice: true })).toEqual({ kind: 'nothing' });
    install((r) => {
      r.onerror?.({ error: 'language-not-supported' });
      r.onend?.();
    });
    expect(await listenOnce({ lang: 'en-US', onDevice: true })).toEqual({
      kind: 'error',
      error: 'language-not-supported',
    });
  });

  it('stops when the learner presses Stop, keeping what was heard so far', async () => {
    let instance: { stopped: boolean } | null = null;
    install((r) => {
      instance = r;
      r.onresult?.({ results: heard([['let go port anchor']]) });
    });
    const controller = new AbortController();
    const listening = listenOnce({ lang: 'en-GB', onDevice: false, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    expect(await listening).toEqual({ kind: 'heard', alternatives: ['let go port anchor'] });
    expect(instance).toMatchObject({ stopped: true });
  });
});

describe('listeningLangs', () => {
  it('puts the accent chosen, or the device voice’s, first', () => {
    expect(listeningLangs('en-GB')).toEqual(['en-GB', 'en-US']);
    expect(listeningLangs('en-US', 'en-GB')).toEqual(['en-US', 'en-GB']);
    expect(listeningLangs('auto', 'en_GB')).toEqual(['en-GB', 'en-US']);
    expect(listeningLangs('auto')).toEqual(['en-US', 'en-GB']);
  });
});
