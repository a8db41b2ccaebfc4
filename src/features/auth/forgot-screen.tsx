/**
 * /forgot: asks for a password reset link. The local edition cannot send mail (its provider says
 * operation-not-allowed), so it answers with the specification's text that points to the admin.
 */
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { isAuthError } from '@/auth/auth-provider';
import { normalizeEmail } from '@/domain/validation';
import { useT } from '@/i18n';
import { useAuthStore } from '@/stores/auth-store';
import { AuthCard, EmailField, FormAlert, SubmitButton } from './auth-card';
import { authErrorText } from './auth-error-text';

type Outcome = { sent: true } | { sent: false; error: string } | null;

export function ForgotScreen() {
  const t = useT();
  const provider = useAuthStore((s) => s.provider);
  const id = useId();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const address = normalizeEmail(email);
    if (address === '') {
      setOutcome({ sent: false, error: t('forgot.emailRequired') });
      return;
    }
    setOutcome(null);
    setBusy(true);
    try {
      await provider.sendPasswordReset(address);
      setOutcome({ sent: true });
    } catch (failure) {
      if (isAuthError(failure) && failure.code === 'operation-not-allowed') {
        setOutcome({ sent: true });
      } else if (isAuthError(failure) && failure.code === 'network-request-failed') {
        // The provider's own words for no connection, as the login screen says it.
        setOutcome({ sent: false, error: authErrorText(t, failure, 'forgot.failed') });
      } else {
        console.error(failure);
        setOutcome({ sent: false, error: t('forgot.failed') });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('forgot.title')} intro={t('forgot.intro')}>
      <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
        <EmailField
          id={`${id}-email`}
          label={t('auth.email')}
          value={email}
          invalid={outcome?.sent === false}
          onChange={setEmail}
        />
        {outcome?.sent ? (
          <p className="auth-success" role="status">
            {t('forgot.sent')}
          </p>
        ) : (
          <FormAlert message={outcome?.error ?? null} />
        )}
        <SubmitButton busy={busy} label={t('forgot.submit')} />
      </form>
      <div className="auth-links">
        <Link to="/login">{t('forgot.back')}</Link>
      </div>
    </AuthCard>
  );
}
