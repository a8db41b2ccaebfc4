import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthError } from '@/auth/auth-provider';
import {
  createVerificationController,
  type VerificationNotice,
  type VerificationPort,
  verificationNoticeText,
} from '@/auth/verification';
import {
  VERIFY_FAILURE_LOCKOUT_MS,
  VERIFY_POLL_INTERVAL_MS,
  VERIFY_POLL_MAX_TRIES,
  VERIFY_RATE_LIMITED_LOCKOUT_MS,
  VERIFY_RESEND_COOLDOWN_MS,
} from '@/domain/constants';
import { loadTexts, type MessageKey, type Params, translate } from '@/i18n';

// The texts of the screens these messages appear on (loaded by their routes in the app).
beforeAll(() => loadTexts('account'));

const ru = (key: MessageKey, params?: Params) => translate('ru', key, params);
const en = (key: MessageKey, params?: Params) => translate('en', key, params);

function fakePort(overrides: Partial<VerificationPort> = {}) {
  return {
    sendVerification: vi.fn(async () => {}),
    reloadUser: vi.fn(async () => ({ emailVerified: false })),
    currentEmailVerified: vi.fn(() => false),
    ...overrides,
  };
}

function controller(port: VerificationPort | null, online = true) {
  return createVerificationController({ port, isOnline: () => online });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('verification texts (SPEC §8, verbatim)', () => {
  const text = (notice: VerificationNotice) => verificationNoticeText(ru, notice);

  it('has the Russian texts of the specification, U+2011 included', () => {
    expect(text({ kind: 'sent' })).toBe('Письмо отправлено');
    expect(text({ kind: 'rate-limited' })).toBe('Слишком часто. Попробуйте позже');
    expect(text({ kind: 'failed' })).toBe('Не удалось отправить');
    expect(text({ kind: 'verified' })).toBe('Почта подтверждена');
    expect(text({ kind: 'unavailable' })).toBe(
      'Подтверждение e\u2011mail недоступно в офлайн\u2011режиме',
    );
    expect(ru('profile.verifyFailed')).toBe('Не удалось отправить письмо');
  });

  it('shows a failure’s own message, or its provider code’s text', () => {
    expect(text({ kind: 'failed', message: 'No authenticated user' })).toBe(
      'No authenticated user',
    );
    expect(text({ kind: 'failed', code: 'user-token-expired' })).toBe(
      ru('auth.error.user-token-expired'),
    );
  });

  it('has English texts too', () => {
    expect(verificationNoticeText(en, { kind: 'sent' })).toBe('E-mail sent');
    expect(verificationNoticeText(en, { kind: 'verified' })).toBe('E-mail verified');
    expect(en('profile.verifyResendIn', { seconds: 42 })).toBe('Send again in 42 s');
    expect(ru('profile.verifyResendIn', { seconds: 42 })).toBe('Отправить снова через 42 с');
  });
});

describe('verification controller', () => {
  it('is unavailable in the local edition: sending does nothing but say so', async () => {
    const c = controller(null);
    expect(c.getState()).toMatchObject({
      available: false,
      verified: false,
      notice: { kind: 'unavailable' },
    });
    expect(await c.send()).toEqual({ kind: 'unavailable' });
    c.setOnline(true);
    expect(c.getState().available).toBe(false);
  });

  it('is unavailable offline, and available again when the network returns', async () => {
    const port = fakePort();
    const c = controller(port, false);
    expect(c.getState()).toMatchObject({ available: false, notice: { kind: 'unavailable' } });
    expect(await c.send()).toEqual({ kind: 'unavailable' });
    expect(port.sendVerification).not.toHaveBeenCalled();
    c.setOnline(true);
    expect(c.getState()).toMatchObject({ available: true, notice: null });
    c.setOnline(false);
    expect(c.getState()).toMatchObject({ available: false, notice: { kind: 'unavailable' } });
  });

  it('starts from the provider’s last known status', () => {
    expect(controller(fakePort({ currentEmailVerified: () => true })).getState().verified).toBe(
      true,
    );
    const throwing = fakePort({
      currentEmailVerified: () => {
        throw new Error('No authenticated user');
      },
    });
    expect(controller(throwing).getState().verified).toBe(false);
  });

  it('after sending: “Письмо отправлено” and a 60 s resend countdown', async () => {
    const port = fakePort();
    const c = controller(port);
    const listener = vi.fn();
    c.subscribe(listener);
    expect(await c.send()).toEqual({ kind: 'sent' });
    expect(port.sendVerification).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalled();
    expect(c.getState()).toMatchObject({
      notice: { kind: 'sent' },
      lock: 'resend',
      secondsLeft: VERIFY_RESEND_COOLDOWN_MS / 1000,
      polling: true,
      sending: false,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.getState().secondsLeft).toBe(59);
    // A second press during the countdown sends nothing.
    expect(await c.send()).toBeNull();
    expect(port.sendVerification).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(VERIFY_RESEND_COOLDOWN_MS - 2000);
    expect(c.getState()).toMatchObject({ lock: 'resend', secondsLeft: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.getState()).toMatchObject({ lock: null, secondsLeft: 0 });
    expect(await c.send()).toEqual({ kind: 'sent' });
    expect(port.sendVerification).toHaveBeenCalledTimes(2);
    c.dispose();
  });

  it('marks “sending” while the call runs', async () => {
    let finish: () => void = () => {};
    const port = fakePort({
      sendVerification: vi.fn(() => new Promise<void>((resolve) => (finish = resolve))),
    });
    const c = controller(port);
    const sending = c.send();
    expect(c.getState().sending).toBe(true);
    expect(await c.send()).toBeNull();
    finish();
    await sending;
    expect(c.getState().sending).toBe(false);
    c.dispose();
  });

  it('polls every 5 s, at most 12 times, while the address is not verified', async () => {
    const port = fakePort();
    const c = controller(port);
    await c.send();
    await vi.advanceTimersByTimeAsync(VERIFY_POLL_INTERVAL_MS - 1);
    expect(port.reloadUser).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(port.reloadUser).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(VERIFY_POLL_INTERVAL_MS * (VERIFY_POLL_MAX_TRIES - 1));
    expect(port.reloadUser).toHaveBeenCalledTimes(VERIFY_POLL_MAX_TRIES);
    expect(c.getState().polling).toBe(false);
    await vi.advanceTimersByTimeAsync(VERIFY_POLL_INTERVAL_MS * 5);
    expect(port.reloadUser).toHaveBeenCalledTimes(VERIFY_POLL_MAX_TRIES);
    expect(c.getState()).toMatchObject({ verified: false, notice: { kind: 'sent' } });
  });

  it('says “Почта подтверждена” when a poll finds the address verified', async () => {
    let tries = 0;
    const port = fakePort({
      reloadUser: vi.fn(async () => ({ emailVerified: ++tries >= 3 })),
    });
    const c = controller(port);
    await c.send();
    await vi.advanceTimersByTimeAsync(VERIFY_POLL_INTERVAL_MS * 3);
    expect(c.getState()).toMatchObject({
      verified: true,
      notice: { kind: 'verified' },
      polling: false,
      lock: null,
      secondsLeft: 0,
    });
    await vi.advanceTimersByTimeAsync(VERIFY_POLL_INTERVAL_MS * 20);
    expect(port.reloadUser).toHaveBeenCalledTimes(3);
    // Verified: nothing more to send.
    expect(await c.send()).toBeNull();
  });

  it('counts a failed poll as a try and goes on', async () => {
    let tries = 0;
    const port = fakePort({
      reloadUser: vi.fn(async () => {
        tries += 1;
        if (tries === 1) throw new AuthError('network-request-failed');
        return { emailVerified: tries === 2 };
      }),
    });
    const c = controller(port);
    await c.send();
    await vi.advanceTimersByTimeAsync(VERIFY_POLL_INTERVAL_MS * 2);
    expect(c.getState()).toMatchObject({ verified: true, notice: { kind: 'verified' } });
  });

  it('skips the reload while offline during polling', async () => {
    const port = fakePort();
    const c = controller(port);
    await c.send();
    c.setOnline(false);
    await vi.advanceTimersByTimeAsync(VERIFY_POLL_INTERVAL_MS * 2);
    expect(port.reloadUser).not.toHaveBeenCalled();
    c.setOnline(true);
    await vi.advanceTimersByTimeAsync(VERIFY_POLL_INTERVAL_MS);
    expect(port.reloadUser).toHaveBeenCalledTimes(1);
    c.dispose();
  });

  it('too-many-requests: “Слишком часто. Попробуйте позже” and a 120 s lockout', async () => {
    for (const error of [
      new AuthError('too-many-requests'),
      Object.assign(new Error('Firebase: Error (auth/too-many-requests).'), {
        code: 'auth/too-many-requests',
      }),
    ]) {
      const port = fakePort({ sendVerification: vi.fn(async () => Promise.reject(error)) });
      const c = controller(port);
      expect(await c.send()).toEqual({ kind: 'rate-limited' });
      expect(c.getState()).toMatchObject({
        lock: 'rate-limited',
        secondsLeft: VERIFY_RATE_LIMITED_LOCKOUT_MS / 1000,
        polling: false,
      });
      await vi.advanceTimersByTimeAsync(VERIFY_RATE_LIMITED_LOCKOUT_MS - 1);
      expect(await c.send()).toBeNull();
      expect(c.getState()).toMatchObject({ lock: 'rate-limited', secondsLeft: 1 });
      await vi.advanceTimersByTimeAsync(1);
      expect(c.getState()).toMatchObject({ lock: null, secondsLeft: 0 });
      expect(port.sendVerification).toHaveBeenCalledTimes(1);
      expect(port.reloadUser).not.toHaveBeenCalled();
    }
  });

  it('another failure: its message (or “Не удалось отправить”) and a 10 s lockout', async () => {
    const cases: Array<[unknown, VerificationNotice]> = [
      [new Error('No authenticated user'), { kind: 'failed', message: 'No authenticated user' }],
      [new Error(''), { kind: 'failed' }],
      ['weird', { kind: 'failed' }],
      [new AuthError('user-token-expired'), { kind: 'failed', code: 'user-token-expired' }],
    ];
    for (const [error, notice] of cases) {
      const port = fakePort({ sendVerification: vi.fn(async () => Promise.reject(error)) });
      const c = controller(port);
      expect(await c.send()).toEqual(notice);
      expect(c.getState()).toMatchObject({
        lock: 'failed',
        secondsLeft: VERIFY_FAILURE_LOCKOUT_MS / 1000,
      });
      await vi.advanceTimersByTimeAsync(VERIFY_FAILURE_LOCKOUT_MS - 1);
      expect(c.getState().lock).toBe('failed');
      await vi.advanceTimersByTimeAsync(1);
      expect(c.getState().lock).toBeNull();
    }
  });

  it('a network failure says verification is unavailable offline, with the 10 s lockout', async () => {
    const port = fakePort({
      sendVerification: vi.fn(async () => Promise.reject(new AuthError('network-request-failed'))),
    });
    const c = controller(port);
    expect(await c.send()).toEqual({ kind: 'unavailable' });
    expect(c.getState()).toMatchObject({ lock: 'failed', secondsLeft: 10 });
    await vi.advanceTimersByTimeAsync(VERIFY_FAILURE_LOCKOUT_MS);
    expect(c.getState().lock).toBeNull();
  });

  it('check() picks up a verification quietly', async () => {
    const port = fakePort({ reloadUser: vi.fn(async () => ({ emailVerified: true })) });
    const c = controller(port);
    await c.check();
    expect(c.getState()).toMatchObject({ verified: true, notice: null });
    await c.check();
    expect(port.reloadUser).toHaveBeenCalledTimes(1);
    const failing = fakePort({ reloadUser: vi.fn(async () => Promise.reject(new Error('x'))) });
    const d = controller(failing);
    await d.check();
    expect(d.getState()).toMatchObject({ verified: false, notice: null });
  });

  it('dispose() stops polling and the countdown; a later send() works again', async () => {
    const port = fakePort();
    const c = controller(port);
    await c.send();
    c.dispose();
    await vi.advanceTimersByTimeAsync(VERIFY_RESEND_COOLDOWN_MS * 2);
    expect(port.reloadUser).not.toHaveBeenCalled();
    expect(c.getState().polling).toBe(false);
    expect(await c.send()).toEqual({ kind: 'sent' });
    expect(port.sendVerification).toHaveBeenCalledTimes(2);
    c.dispose();
  });
});
