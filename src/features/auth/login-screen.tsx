/** /login: e-mail and password; the provider's error in red; on success, home. */
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { validateLogin } from '@/domain/validation';
import { useT } from '@/i18n';
import { useAuthStore } from '@/stores/auth-store';
import { AuthCard, EmailField, FormAlert, SubmitButton } from './auth-card';
import { authErrorText } from './auth-error-text';

export function LoginScreen() {
  const t = useT();
  const navigate = useNavigate();
  const signIn = useAuthStore((s) => s.signIn);
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const input = validateLogin({ email, password });
    if (!input.ok) {
      setError(t('auth.credentialsRequired'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await signIn(input.value.email, input.value.password);
      await navigate({ to: '/' });
    } catch (failure) {
      setError(authErrorText(t, failure, 'login.failed'));
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('login.title')} intro={t('login.intro')}>
      <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
        <EmailField
          id={`${id}-email`}
          label={t('auth.email')}
          value={email}
          invalid={error !== null && email.trim() === ''}
          onChange={setEmail}
        />
        <div className="field">
          <label htmlFor={`${id}-password`}>{t('auth.password')}</label>
          <input
            id={`${id}-password`}
            className="input"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={error !== null && password === ''}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <FormAlert message={error} />
        <SubmitButton busy={busy} label={t('login.submit')} />
      </form>
      <div className="auth-links">
        <Link to="/forgot">{t('login.forgot')}</Link>
        <span>
          {t('login.noAccount')} <Link to="/register">{t('login.registerLink')}</Link>
        </span>
      </div>
    </AuthCard>
  );
}
