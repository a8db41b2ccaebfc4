import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isUiLang, UI_LANGS } from '@/domain/settings-schema';
import { allKeys, hasOwnText, loadTexts, type MessageKey, plural, translate } from '@/i18n';
import { isBuiltInLang } from '@/i18n/define';
import { LANGUAGE_FILES } from '@/i18n/language-files';
import { charts } from '@/i18n/messages/charts';
import { deadLetters } from '@/i18n/messages/dead-letters';
import { schedule } from '@/i18n/messages/schedule';
import { speakButton } from '@/i18n/messages/speak-button';
import { speaking } from '@/i18n/messages/speaking';
import { englishTexts } from './i18n/pseudo';

afterEach(() => {
  vi.doUnmock('@/i18n/messages/auth');
  vi.resetModules();
});

describe('dictionaries', () => {
  beforeAll(() => loadTexts('account', 'admin', 'library', 'onboarding', 'quiz'));

  it.each(UI_LANGS.filter(isBuiltInLang))(
    'give every English key a text in %s (the app is Russian by default)',
    (lang) => {
      const missing = allKeys().filter((key) => !hasOwnText(lang, key));
      expect(missing).toEqual([]);
    },
  );

  it.each(UI_LANGS.filter(isBuiltInLang))('use the placeholders of English in %s', (lang) => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    const differing = allKeys().filter(
      (key) =>
        placeholders(translate(lang, key)).join() !== placeholders(translate('en', key)).join(),
    );
    expect(differing).toEqual([]);
  });

  it.each([
    ['charts', charts],
    ['dead letters', deadLetters],
    ['review schedule', schedule],
    ['spoken answers', speaking],
    ['spoken answers’ button', speakButton],
  ])('give the lazily loaded set of the %s the same completeness', (_, set) => {
    const placeholders = (text = '') => (text.match(/\{\w+\}/g) ?? []).sort().join();
    for (const lang of UI_LANGS.filter(isBuiltInLang)) {
      const texts = set[lang] as Record<string, string | undefined>;
      for (const [key, english] of Object.entries(set.en)) {
        expect(texts[key], `${lang}: ${key}`).toBeTruthy();
        expect(placeholders(texts[key]), `${lang}: ${key}`).toBe(placeholders(english));
      }
    }
  });

  it('keep the specification’s Russian texts verbatim, U+2011 hyphen included', () => {
    expect(translate('ru', 'auth.credentialsRequired')).toBe('Введите e\u2011mail и пароль');
    expect(translate('ru', 'auth.passwordsDiffer')).toBe('Пароли не совпадают');
    expect(translate('ru', 'register.failed')).toBe('Не удалось зарегистрироваться');
    expect(translate('ru', 'forgot.failed')).toBe('Не удалось отправить письмо');
  });
});

describe('a language beyond Russian and English', () => {
  it('is a row of the table for every texts file, and has a file for every other row', () => {
    const rows = UI_LANGS.filter((lang) => !isBuiltInLang(lang));
    expect(Object.keys(LANGUAGE_FILES).filter((code) => !isUiLang(code))).toEqual([]);
    expect(rows.filter((lang) => !LANGUAGE_FILES[lang])).toEqual([]);
  });

  it('is complete, like Russian: every key of every set, with English’s placeholders', async () => {
    const english = await englishTexts();
    const placeholders = (text = '') => (text.match(/\{\w+\}/g) ?? []).sort().join();
    const missing: string[] = [];
    for (const [lang, load] of Object.entries(LANGUAGE_FILES)) {
      const texts: Record<string, string | undefined> = await load();
      for (const [key, text] of Object.entries(english)) {
        if (!texts[key]) missing.push(`${lang}: ${key} missing`);
        else if (placeholders(texts[key]) !== placeholders(text))
          missing.push(`${lang}: ${key} has other placeholders`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the texts of lazily loaded screens', () => {
  it('are not in the start-up dictionary until their routes load them', async () => {
    vi.resetModules();
    const i18n = await import('@/i18n');
    expect(i18n.hasOwnText('ru', 'quiz.skip')).toBe(false);
    expect(i18n.hasOwnText('ru', 'nav.home')).toBe(true);
    await i18n.loadTexts('quiz');
    expect(i18n.hasOwnText('ru', 'quiz.skip')).toBe(true);
    expect(i18n.hasOwnText('en', 'quiz.skip')).toBe(true);
    expect(i18n.hasOwnText('ru', 'settings.title')).toBe(false);
  });
});

describe('translate', () => {
  it('fills in placeholders and leaves unknown ones as they are', () => {
    expect(translate('ru', 'loading.resetFailed', { message: 'disk full' })).toBe(
      'Не удалось сбросить локальную БД: disk full',
    );
    expect(translate('en', 'loading.resetFailed')).toBe(
      'Failed to reset the local database: {message}',
    );
  });

  it('falls back to English for a key Russian lacks, then to the key itself', async () => {
    vi.resetModules();
    vi.doMock('@/i18n/messages/auth', async (importOriginal) => {
      const { auth } = await importOriginal<typeof import('@/i18n/messages/auth')>();
      return { auth: { en: { ...auth.en, 'test.englishOnly': 'Only in English' }, ru: auth.ru } };
    });
    const i18n = await import('@/i18n');
    const key = 'test.englishOnly' as MessageKey;
    expect(i18n.hasOwnText('ru', key)).toBe(false);
    expect(i18n.translate('ru', key)).toBe('Only in English');
    expect(i18n.translate('ru', 'auth.password')).toBe('Пароль');
    expect(i18n.translate('ru', 'no.such.key' as MessageKey)).toBe('no.such.key');
  });
});

describe('plural', () => {
  const words = {
    one: '{count} слово',
    few: '{count} слова',
    many: '{count} слов',
    other: '{count} слова',
  };

  it('picks the Russian forms for 1, 2, 5 and 21', () => {
    expect(plural('ru', 1, words)).toBe('1 слово');
    expect(plural('ru', 2, words)).toBe('2 слова');
    expect(plural('ru', 5, words)).toBe('5 слов');
    expect(plural('ru', 21, words)).toBe('21 слово');
    expect(plural('ru', 11, words)).toBe('11 слов');
    expect(plural('ru', 24, words)).toBe('24 слова');
    expect(plural('ru', 0, words)).toBe('0 слов');
  });

  it('picks the English forms', () => {
    const en = { one: '{count} word', other: '{count} words' };
    expect(plural('en', 1, en)).toBe('1 word');
    expect(plural('en', 2, en)).toBe('2 words');
    expect(plural('en', 21, en)).toBe('21 words');
  });

  it('uses other when a form is missing', () => {
    expect(plural('ru', 5, { other: '{count} шт.' })).toBe('5 шт.');
  });
});
