/** The frame the account screens share: a centred card with the logo, the title and an intro. */
import type { ReactNode } from 'react';
import { AnchorIcon } from '@/ui/icons';
import './auth.css';

export function AuthCard({
  title,
  intro,
  wide = false,
  children,
}: {
  title: string;
  intro?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <main className="page auth-page">
      <div className={wide ? 'card auth-card auth-card-wide' : 'card auth-card'}>
        <span className="auth-brand" aria-hidden="true">
          <AnchorIcon />
        </span>
        <h1>{title}</h1>
        {intro ? <p className="auth-intro">{intro}</p> : null}
        {children}
      </div>
    </main>
  );
}

/** A form's error, announced as it appears; the inputs keep what the person typed. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="auth-alert" role="alert">
      {message}
    </p>
  );
}

/**
 * The submit button: disabled while the request runs (hashing a password takes a moment), with
 * a spinner, and keeping its name so it is found the same way in both states.
 */
export function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button
      type="submit"
      className="btn btn-primary btn-block auth-submit"
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? <span className="auth-spinner" aria-hidden="true" /> : null}
      {label}
    </button>
  );
}

/** The e-mail field of the account forms, with the mobile keyboard and autofill hints set. */
export function EmailField({
  id,
  label,
  value,
  invalid,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        aria-invalid={invalid}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
