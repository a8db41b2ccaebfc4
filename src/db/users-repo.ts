/**
 * The users table: local user records, their settings and their sync pull cursor; and the one-time
 * mark that lets the local sign-in keep a previous version's session.
 */
import type { ProfileField } from '@/domain/synced-records';
import type { UserSettings } from '@/domain/types';
import type { LocalUserRecord, MarineDB } from './schema';

/** The form in which e-mails are stored and looked up: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function getUser(db: MarineDB, id: string): Promise<LocalUserRecord | undefined> {
  return db.get('users', id);
}

/** Case-insensitive: looks up the normalised e-mail (falls back to a scan for legacy records). */
export async function getUserByEmail(
  db: MarineDB,
  email: string,
): Promise<LocalUserRecord | undefined> {
  const wanted = normalizeEmail(email);
  if (wanted === '') return undefined;
  const hit = await db.getFromIndex('users', 'email', wanted);
  if (hit) return hit;
  const all = await db.getAll('users');
  return all.find((user) => normalizeEmail(user.email) === wanted);
}

/**
 * The key, in the device store, of the mark the upgrade to version 8 leaves on a database of an
 * older version: that device ran a version whose session was a user id alone (see
 * `takePreviousVersionSessionMark`).
 */
export const PREVIOUS_VERSION_SESSION_MARK = 'previousVersionSession';

/**
 * Whether this database still carries the upgrade's mark, which is removed at the same time:
 * true at most once per device. The local sign-in keeps an id-only session only then, so no later
 * start can be talked into accepting an id that was merely written into local storage.
 */
export async function takePreviousVersionSessionMark(db: MarineDB): Promise<boolean> {
  const tx = db.transaction('device', 'readwrite');
  const marked = (await tx.store.getKey(PREVIOUS_VERSION_SESSION_MARK)) !== undefined;
  if (marked) await tx.store.delete(PREVIOUS_VERSION_SESSION_MARK);
  await tx.done;
  return marked;
}

/**
 * Writes a user, with the e-mail normalised; returns the stored record. Rejects with a
 * ConstraintError if another user already has that e-mail (the index is unique).
 */
export async function putUser(db: MarineDB, user: LocalUserRecord): Promise<LocalUserRecord> {
  const stored: LocalUserRecord = { ...user, email: normalizeEmail(user.email) };
  await db.put('users', stored);
  return stored;
}

/**
 * Read-modify-write of one user in a single transaction. `update` must be synchronous.
 * Returns the stored record, or undefined (and writes nothing) when the user does not exist.
 */
export async function updateUser(
  db: MarineDB,
  id: string,
  update: (user: LocalUserRecord) => LocalUserRecord,
): Promise<LocalUserRecord | undefined> {
  const tx = db.transaction('users', 'readwrite');
  const user = await tx.store.get(id);
  if (!user) {
    await tx.done;
    return undefined;
  }
  const next: LocalUserRecord = { ...update(user), id };
  next.email = normalizeEmail(next.email);
  await tx.store.put(next);
  await tx.done;
  return next;
}

/** Merges `settings` into the user's settings (a key given as undefined clears it). */
/**
 * Marks the user's profile as changed here (a new revision) in `fields` (every field when not
 * given), added to those still unsent; returns the revision.
 */
export async function markProfileUnsent(
  db: MarineDB,
  id: string,
  fields?: readonly ProfileField[],
): Promise<number> {
  const updated = await updateUser(db, id, (user) => {
    const { profileFields: pending, ...rest } = user;
    // Unsent with no list: every field is pending already (or this change touches all).
    const all = fields === undefined || (user.profileUnsent !== undefined && pending === undefined);
    const next: LocalUserRecord = { ...rest, profileUnsent: (user.profileUnsent ?? 0) + 1 };
    if (!all) next.profileFields = [...new Set([...(pending ?? []), ...fields])];
    return next;
  });
  return updated?.profileUnsent ?? 0;
}

/** The profile fields changed here and not yet sent: none, some, or (undefined) every field. */
export function unsentProfileFields(
  user: Pick<LocalUserRecord, 'profileUnsent' | 'profileFields'>,
): readonly ProfileField[] | undefined {
  if (user.profileUnsent === undefined) return [];
  return user.profileFields;
}

/** The cloud has the profile as of `revision`: cleared, unless it changed again meanwhile. */
export async function markProfileSent(db: MarineDB, id: string, revision: number): Promise<void> {
  await updateUser(db, id, (user) => {
    if (user.profileUnsent !== revision) return user;
    const { profileUnsent: _sent, profileFields: _fields, ...rest } = user;
    return rest;
  });
}

export async function updateUserSettings(
  db: MarineDB,
  id: string,
  settings: Partial<UserSettings>,
): Promise<LocalUserRecord | undefined> {
  return updateUser(db, id, (user) => ({ ...user, settings: { ...user.settings, ...settings } }));
}
