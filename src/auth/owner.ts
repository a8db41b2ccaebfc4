/** The owner address from build configuration: that account is an admin. */
export function ownerEmail(): string {
  return (import.meta.env.VITE_OWNER_EMAIL ?? '').trim().toLowerCase();
}

export function isOwnerEmail(email: string, owner: string = ownerEmail()): boolean {
  return owner !== '' && email.trim().toLowerCase() === owner;
}
