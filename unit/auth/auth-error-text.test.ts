import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_ERROR_CODES, AuthError } from '@/auth/auth-provider';
import { AUTH_ERROR_KEYS, authErrorText } from '@/features/auth/auth-error-text';
import { hasOwnText, type MessageKey, type Params, translate } from '@/i18n';

const ru = (key: MessageKey, params?: Params) => translate('ru', key, params);
const en = (key: MessageKey, params?: Params) => translate('en', key, params);

afterEach(() => vi.restoreAllMocks());

describe('provider error texts', () => {
  it('cover every code of SPEC §8 in Russian and English', () => {
    expect(AUTH_ERROR_KEYS.map(([code]) => code)).toEqual(AUTH_ERROR_CODES);
    for (const [code, key] of AUTH_ERROR_KEYS) {
      expect(hasOwnText('ru', key), `${code} in ru`).toBe(true);
      expect(hasOwnText('en', key), `${code} in en`).toBe(true);
      const shown = authErrorText(ru, new AuthError(code), 'login.failed');
      expect(shown).not.toBe(authErrorText(en, new AuthError(code), 'login.failed'));
      expect(shown).not.toMatch(/\{\w+\}|auth\.error/);
    }
  });

  it('give each code its own text', () => {
    const texts = AUTH_ERROR_KEYS.map(([, key]) => ru(key));
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('show the wrong-credentials and rate-limit texts of the product', () => {
    expect(authErrorText(ru, new AuthError('invalid-credential'), 'login.failed')).toBe(
      'Неверный e\u2011mail или пароль',
    );
    expect(authErrorText(ru, new AuthError('too-many-requests'), 'login.failed')).toBe(
      'Слишком часто. Попробуйте позже',
    );
    expect(authErrorText(en, new AuthError('invalid-credential'), 'login.failed')).toBe(
      'Wrong e-mail or password',
    );
  });

  it('fill in the minimum password length', () => {
    const error = new AuthError('password-does-not-meet-requirements');
    expect(authErrorText(ru, error, 'register.failed')).toBe(
      'Слишком простой пароль: нужно не меньше 6 символов',
    );
  });

  it('log any other failure and show the screen’s general text', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('disk full');
    expect(authErrorText(ru, failure, 'register.failed')).toBe('Не удалось зарегистрироваться');
    expect(log).toHaveBeenCalledWith(failure);
  });
});
