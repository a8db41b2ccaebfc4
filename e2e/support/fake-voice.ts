/**
 * A device with one English voice (British, on the device): the page's speechSynthesis is replaced
 * before any script runs, and every text it is asked to say is kept in order (`spokenTexts`).
 */
import type { Page } from '@playwright/test';

export async function fakeEnglishVoice(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __spoken: string[] };
    w.__spoken = [];
    const voice = {
      name: 'Daniel',
      voiceURI: 'daniel',
      lang: 'en-GB',
      localService: true,
      default: true,
    };
    class FakeUtterance {
      voice: unknown = null;
      lang = '';
      rate = 1;
      constructor(readonly text: string) {}
    }
    const synth = {
      getVoices: () => [voice],
      speak: (u: FakeUtterance) => void w.__spoken.push(u.text),
      cancel() {},
      pause() {},
      resume() {},
      speaking: false,
      pending: false,
      paused: false,
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', {
      value: FakeUtterance,
      configurable: true,
    });
  });
}

/** What the page has said so far. */
export function spokenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);
}

/** Forgets what was said (the next check starts from nothing). */
export function forgetSpoken(page: Page): Promise<void> {
  return page.evaluate(() => {
    (window as unknown as { __spoken: string[] }).__spoken = [];
  });
}
