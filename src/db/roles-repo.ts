/** The roles table: role records per division, and role deletion optionally detaching the role code. */
import { normalizeRole } from '@/domain/roles';
import type { DivisionId, Role } from '@/domain/types';
import { changes, queueChanges, type Share, withOutbox } from './curriculum-repo';
import type { MarineDB } from './schema';

export async function listRoles(db: MarineDB): Promise<Role[]> {
  return db.getAll('roles');
}

export async function listRolesByDivision(db: MarineDB, division: DivisionId): Promise<Role[]> {
  return (await db.getAll('roles')).filter((role) => role.division === division);
}

/** Writes a role; a shared write is queued for the cloud in the same transaction. */
export async function putRole(db: MarineDB, role: Role, share?: Share): Promise<Role> {
  const tx = db.transaction(withOutbox(['roles'], share), 'readwrite');
  await Promise.all([
    tx.objectStore('roles').put(role),
    ...queueChanges(tx, share, [changes.role(role)]),
    tx.done,
  ]);
  return role;
}

/**
 * Deletes a role. With `detach`, also removes its code (the normalised name) from the roles of
 * every topic and vocab item of its division, in the same transaction (a list left empty then
 * means everyone). Returns false when the role did not exist.
 */
export async function deleteRole(
  db: MarineDB,
  id: string,
  options: { detach?: boolean; share?: Share } = {},
): Promise<boolean> {
  const { share } = options;
  const tx = db.transaction(withOutbox(['roles', 'topics', 'vocab'], share), 'readwrite');
  const roles = tx.objectStore('roles');
  const role = await roles.get(id);
  if (!role) {
    await tx.done;
    return false;
  }
  await roles.delete(id);
  const changed = [changes.deleted('role', id)];
  if (options.detach) {
    const code = normalizeRole(role.name);
    const without = (list: string[]) => list.filter((r) => normalizeRole(r) !== code);
    let topic = await tx.objectStore('topics').openCursor();
    while (topic) {
      const value = topic.value;
      if (value.division === role.division && value.roles?.some((r) => normalizeRole(r) === code)) {
        const detached = { ...value, roles: without(value.roles) };
        changed.push(changes.topic(detached));
        await topic.update(detached);
      }
      topic = await topic.continue();
    }
    let item = await tx.objectStore('vocab').index('division').openCursor(role.division);
    while (item) {
      const value = item.value;
      if (value.roles?.some((r) => normalizeRole(r) === code)) {
        const detached = { ...value, roles: without(value.roles) };
        changed.push(changes.word(detached));
        await item.update(detached);
      }
      item = await item.continue();
    }
  }
  await Promise.all(queueChanges(tx, share, changed));
  await tx.done;
  return true;
}
