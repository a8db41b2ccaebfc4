/**
 * The profile's e-mail card: the address and its verification (the local edition cannot verify;
 * the cloud edition sends the e-mail and follows the status).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  createVerificationController,
  type VerificationPort,
  verificationNoticeText,
} from '@/auth/verification';
import type { User } from '@/domain/types';
import { useT } from '@/i18n';
import { useAuthStore } from '@/stores/auth-store';
import { useToast } from '@/stores/toast-store';
import { Avatar } from '@/ui/avatar';
import { useOnline } from '@/ui/use-online';

export function EmailCard({ user }: { user: User }) {
  const provider = useAuthStore((s) => s.provider);
  const port = provider.verification;
  return (
    <section className="card profile-email" aria-labelledby="email-title">
      <EmailIdentity user={user} />
      {port ? <CloudVerification key={user.id} port={port} /> : <LocalVerification />}
    </section>
  );
}

function EmailIdentity({ user }: { user: User }) {
  const t = useT();
  return (
    <div className="profile-identity">
      <Avatar name={user.fullName} email={user.email} />
      <div className="profile-identity-text">
        <h2 id="email-title">{t('profile.email')}</h2>
        <p className="profile-address">{user.email}</p>
      </div>
    </div>
  );
}

/** The local edition has no mail: the status stays unverified and the button disabled. */
function LocalVerification() {
  const t = useT();
  return (
    <>
      <p>
        <span className="badge">{t('profile.notVerified')}</span>
      </p>
      <p id="verify-note" className="notice notice-warning">
        {t('profile.verifyUnavailable')}
      </p>
      <button type="button" className="btn" disabled aria-describedby="verify-note">
        {t('profile.sendVerification')}
      </button>
    </>
  );
}

/** The cloud edition: send the e-mail, count down to a resend, poll until verified. */
function CloudVerification({ port }: { port: VerificationPort }) {
  const t = useT();
  const toast = useToast();
  const online = useOnline();
  const [controller] = useState(() => createVerificationController({ port }));
  const state = useSyncExternalStore(controller.subscribe, controller.getState);

  useEffect(() => controller.setOnline(online), [controller, online]);
  useEffect(() => {
    // The address may have been verified on another device since the last reload.
    void controller.check();
    return () => controller.dispose();
  }, [controller]);

  async function send() {
    const notice = await controller.send();
    if (notice?.kind === 'failed' || notice?.kind === 'rate-limited') {
      toast.show({ message: t('profile.verifyFailed'), tone: 'error' });
    }
  }

  const { notice } = state;
  const tone =
    notice?.kind === 'sent' || notice?.kind === 'verified'
      ? 'profile-verify-success'
      : notice?.kind === 'unavailable'
        ? 'notice-warning'
        : 'notice-danger';
  let label = t('profile.sendVerification');
  if (state.sending) label = t('profile.verifySending');
  else if (state.lock) label = t('profile.verifyResendIn', { seconds: state.secondsLeft });

  return (
    <>
      <div id="verify-note" role="status" aria-live="polite" className="profile-verify-status">
        <p>
          {state.verified ? (
            <span className="badge badge-success">{t('profile.verified')}</span>
          ) : (
            <span className="badge">{t('profile.notVerified')}</span>
          )}
        </p>
        {notice && <p className={`notice ${tone}`}>{verificationNoticeText(t, notice)}</p>}
        {state.polling && !state.verified && (
          <p className="muted field-hint">{t('profile.verifyPolling')}</p>
        )}
      </div>
      {!state.verified && (
        <button
          type="button"
          className="btn"
          disabled={!state.available || state.sending || state.lock !== null}
          aria-describedby="verify-note"
          onClick={() => void send()}
        >
          {label}
        </button>
      )}
    </>
  );
}
