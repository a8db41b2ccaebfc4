import { describe, expect, it } from 'vitest';
import {
  accentsOf,
  chooseVoice,
  DEFAULT_SPEECH,
  readSpeechSettings,
  spokenText,
  type VoiceInfo,
} from '@/domain/speech';

const voice = (name: string, lang: string, patch: Partial<VoiceInfo> = {}): VoiceInfo => ({
  name,
  voiceURI: name,
  lang,
  localService: true,
  default: false,
  ...patch,
});

const DANIEL = voice('Daniel', 'en-GB');
const SAMANTHA = voice('Samantha', 'en-US');
const GOOGLE_UK = voice('Google UK English Female', 'en-GB', { localService: false });
const MILENA = voice('Milena', 'ru-RU', { default: true });
const KAREN = voice('Karen', 'en_AU');

describe('chooseVoice', () => {
  it('has nothing to offer without an English voice', () => {
    expect(chooseVoice([], 'auto')).toBeNull();
    expect(chooseVoice([MILENA], 'en-GB')).toBeNull();
  });

  it('prefers a voice on the device to a network voice, whatever the accent', () => {
    expect(chooseVoice([GOOGLE_UK, SAMANTHA], 'en-GB')).toEqual(SAMANTHA);
    expect(chooseVoice([GOOGLE_UK, MILENA], 'auto')).toEqual(GOOGLE_UK);
  });

  it('takes the chosen accent; automatic is British, then American, then any English', () => {
    expect(chooseVoice([SAMANTHA, DANIEL, MILENA], 'en-US')).toEqual(SAMANTHA);
    expect(chooseVoice([SAMANTHA, DANIEL, MILENA], 'en-GB')).toEqual(DANIEL);
    expect(chooseVoice([SAMANTHA, DANIEL], 'auto')).toEqual(DANIEL);
    expect(chooseVoice([KAREN, SAMANTHA], 'auto')).toEqual(SAMANTHA);
    expect(chooseVoice([KAREN, MILENA], 'en-GB')).toEqual(KAREN);
  });

  it('breaks ties by the platform default, then by name, so the choice is stable', () => {
    const a = voice('Arthur', 'en-GB');
    const b = voice('Bella', 'en-GB', { default: true });
    expect(chooseVoice([a, b], 'en-GB')).toEqual(b);
    expect(chooseVoice([voice('Zed', 'en-GB'), a], 'en-GB')).toEqual(a);
  });
});

describe('accentsOf', () => {
  it('lists British and American English where the device has them (any spelling of the tag)', () => {
    expect(accentsOf([DANIEL, SAMANTHA, MILENA])).toEqual(['en-GB', 'en-US']);
    expect(accentsOf([voice('x', 'EN_us'), KAREN])).toEqual(['en-US']);
    expect(accentsOf([MILENA])).toEqual([]);
  });
});

describe('speech settings and text', () => {
  it('reads back saved settings, each unknown part as its default', () => {
    expect(readSpeechSettings({ accent: 'en-US', pace: 'slow', listening: true })).toEqual({
      accent: 'en-US',
      pace: 'slow',
      listening: true,
    });
    expect(readSpeechSettings({ accent: 'fr-FR', pace: 3, listening: 'yes' })).toEqual(
      DEFAULT_SPEECH,
    );
    expect(readSpeechSettings(null)).toEqual(DEFAULT_SPEECH);
  });

  it('speaks a word as written, not its tile text', () => {
    expect(spokenText({ langB: ' 7 short blasts ' })).toBe('7 short blasts');
  });
});
