/** A round avatar with the initials of a name (or of an e-mail address). */
export function initials(name: string, email = ''): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}`.toUpperCase();
  if (words.length === 1) return (words[0] ?? '').slice(0, 2).toUpperCase();
  return email.slice(0, 2).toUpperCase() || '?';
}

export function Avatar({ name, email }: { name: string; email?: string }) {
  return (
    <span className="avatar" aria-hidden="true">
      {initials(name, email)}
    </span>
  );
}
