/**
 * /profile: the e-mail and its verification status (the local edition cannot verify; the cloud
 * edition sends the e-mail and follows the status), full name, division, role, daily goal
 * (5..200), and Save.
 */
import { type FormEvent, useRef, useState } from 'react';
import { isAuthError } from '@/auth/auth-provider';
import { BUILTIN_DIVISIONS } from '@/domain/constants';
import type { BuiltinDivision, User } from '@/domain/types';
import { PROFILE_DAILY_GOAL } from '@/domain/validation';
import { type MessageKey, useT } from '@/i18n';
import { useAuthStore, useUser } from '@/stores/auth-store';
import { useToast } from '@/stores/toast-store';
import { DivisionIcon } from '@/ui/icons';
import { EmailCard } from './email-card';
import { profileGoalFrom, profileRoleFrom } from './profile-form';
import { VesselCard } from './vessel-card';
import './profile.css';

const DIVISION_LABELS: Readonly<Record<BuiltinDivision, MessageKey>> = {
  deck: 'division.deck',
  engine: 'division.engine',
  bridge: 'division.bridge',
  galley: 'division.galley',
};

export function ProfileScreen() {
  const t = useT();
  const user = useUser();
  const cloud = useAuthStore((s) => s.provider.kind === 'firebase');
  if (!user) return null;
  return (
    <main className="page profile">
      <div className="page-header">
        <h1>{t('profile.title')}</h1>
      </div>
      <div className="profile-grid">
        <EmailCard user={user} />
        {/* Keyed by user so another account's form never shows stale values. */}
        <ProfileForm key={user.id} user={user} />
        <AdminCodeCard user={user} />
        {cloud ? <VesselCard userId={user.id} /> : null}
      </div>
    </main>
  );
}

/**
 * The local edition's administrator rights: whoever knows the code the app was set up with (its
 * hash is in the build) makes this account an admin. Not shown in the cloud edition, in a build
 * without a code, or to an admin.
 */
function AdminCodeCard({ user }: { user: User }) {
  const t = useT();
  const toast = useToast();
  const available = useAuthStore((s) => s.provider.adminCode !== null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!available || user.isAdmin) return null;

  async function claim(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') {
      setError(t('profile.admin.empty'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await useAuthStore.getState().claimAdmin(code);
      toast.show({ message: t('profile.admin.done'), tone: 'success' });
    } catch (failure) {
      if (isAuthError(failure) && failure.code === 'invalid-admin-code') {
        setError(t('auth.error.invalid-admin-code'));
      } else {
        console.error('Claiming admin rights failed', failure);
        setError(t('profile.saveFailed'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card profile-admin" onSubmit={claim} noValidate aria-labelledby="admin-title">
      <h2 id="admin-title">{t('profile.admin.title')}</h2>
      <p className="muted" id="admin-hint">
        {t('profile.admin.hint')}
      </p>
      <div className="field">
        <label htmlFor="admin-code">{t('profile.admin.code')}</label>
        <input
          id="admin-code"
          className="input"
          type="password"
          autoComplete="off"
          value={code}
          aria-describedby={error ? 'admin-error' : 'admin-hint'}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        {error ? (
          <p id="admin-error" className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('profile.admin.claim')}
      </button>
    </form>
  );
}

function ProfileForm({ user }: { user: User }) {
  const t = useT();
  const toast = useToast();
  const [fullName, setFullName] = useState(user.fullName);
  const [division, setDivision] = useState(user.settings.division);
  const [role, setRole] = useState(user.settings.role ?? '');
  const [goal, setGoal] = useState(String(user.settings.dailyGoal));
  const [goalError, setGoalError] = useState(false);
  const [saving, setSaving] = useState(false);
  const goalRef = useRef<HTMLInputElement>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    const dailyGoal = profileGoalFrom(goal);
    if (dailyGoal === null) {
      // Nothing is saved: the field says the range (no silent change to another number).
      setGoalError(true);
      goalRef.current?.focus();
      return;
    }
    setGoalError(false);
    setSaving(true);
    try {
      const auth = useAuthStore.getState();
      // Settings first: they are kept on the device (and sent at the next sync), so they save at
      // sea; a new name is the provider's and, in the cloud edition, needs the network.
      await auth.updateSettings({ division, role: profileRoleFrom(role), dailyGoal });
      try {
        await auth.updateName(fullName.trim());
      } catch (error) {
        if (!isAuthError(error) || error.code !== 'network-request-failed') throw error;
        toast.show({ message: t('profile.nameNeedsNetwork'), tone: 'error' });
        return;
      }
      toast.show({ message: t('profile.saved'), tone: 'success' });
    } catch (error) {
      console.error('Saving the profile failed', error);
      toast.show({ message: t('profile.saveFailed'), tone: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="card profile-form" onSubmit={save} noValidate aria-labelledby="details-title">
      <h2 id="details-title">{t('profile.details')}</h2>
      <div className="field">
        <label htmlFor="profile-name">{t('profile.fullName')}</label>
        <input
          id="profile-name"
          className="input"
          autoComplete="name"
          value={fullName}
          onChange={(event) => setFullName(event.target.value)}
        />
      </div>

      <fieldset className="field">
        <legend className="field-label">{t('profile.division')}</legend>
        <div className="chips">
          {BUILTIN_DIVISIONS.map((id) => (
            <button
              key={id}
              type="button"
              className="chip"
              aria-pressed={division === id}
              onClick={() => setDivision(id)}
            >
              <DivisionIcon division={id} width={18} height={18} />
              {t(DIVISION_LABELS[id])}
            </button>
          ))}
        </div>
      </fieldset>

      <div className="field">
        <label htmlFor="profile-role">{t('profile.role')}</label>
        <input
          id="profile-role"
          className="input"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby="profile-role-hint"
          value={role}
          onChange={(event) => setRole(event.target.value)}
        />
        <p id="profile-role-hint" className="muted field-hint">
          {t('profile.roleHint')}
        </p>
      </div>

      <div className="field">
        <label htmlFor="profile-goal">{t('profile.dailyGoal')}</label>
        <input
          id="profile-goal"
          className="input profile-goal"
          type="number"
          inputMode="numeric"
          min={PROFILE_DAILY_GOAL.min}
          max={PROFILE_DAILY_GOAL.max}
          step={1}
          ref={goalRef}
          aria-describedby={goalError ? 'profile-goal-error' : 'profile-goal-hint'}
          aria-invalid={goalError ? true : undefined}
          value={goal}
          onChange={(event) => setGoal(event.target.value)}
        />
        {goalError ? (
          <p id="profile-goal-error" className="form-error" role="alert">
            {t('profile.dailyGoalError', {
              min: PROFILE_DAILY_GOAL.min,
              max: PROFILE_DAILY_GOAL.max,
            })}
          </p>
        ) : (
          <p id="profile-goal-hint" className="muted field-hint">
            {t('profile.dailyGoalHint', {
              min: PROFILE_DAILY_GOAL.min,
              max: PROFILE_DAILY_GOAL.max,
            })}
          </p>
        )}
      </div>

      <div>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? t('profile.saving') : t('common.save')}
        </button>
      </div>
    </form>
  );
}
