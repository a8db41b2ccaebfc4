/** The roles table: role records per division, and the admin's edits of them, each in one transaction. */
import { type CatalogEdit, roleAdded, roleDeleted, succeeded } from '@/domain/catalog-edits';
import { newId } from '@/domain/ids';
import type { DivisionId, Role } from '@/domain/types';
import { editCatalog } from './catalog-edits';
import type { Share } from './curriculum-repo';
import type { MarineDB } from './schema';

export async function listRoles(db: MarineDB): Promise<Role[]> {
  return db.getAll('roles');
}

export async function listRolesByDivision(db: MarineDB, division: DivisionId): Promise<Role[]> {
  return (await db.getAll('roles')).filter((role) => role.division === division);
}

/** Writes a role; a shared write is queued for the cloud in the same transaction. */
export async function putRole(db: MarineDB, role: Role, share?: Share): Promise<Role> {
  await editCatalog(db, ['roles'], share, async () =>
    succeeded(role, true, { roles: { put: [role] } }),
  );
  return role;
}

/** Adds role `role.name` (a normalised code) to its division, unless the division has it already. */
export function findOrAddRole(
  db: MarineDB,
  role: Omit<Role, 'id'>,
  share?: Share,
): Promise<CatalogEdit<Role>> {
  return editCatalog(db, ['roles'], share, async (tx) =>
    roleAdded(await tx.objectStore('roles').getAll(), role, newId),
  );
}

/**
 * Deletes a role. With `detach`, also removes its code (the normalised name) from the roles of
 * every topic and vocab item of its division, in the same transaction (a list left empty then
 * means everyone). Refused as 'not-found' when the role did not exist.
 */
export function deleteRole(
  db: MarineDB,
  id: string,
  options: { detach?: boolean; share?: Share } = {},
): Promise<CatalogEdit<string>> {
  const detach = options.detach === true;
  return editCatalog(db, ['roles', 'topics', 'vocab'], options.share, async (tx) => {
    const role = await tx.objectStore('roles').get(id);
    const [topics, words] =
      role && detach
        ? await Promise.all([
            tx.objectStore('topics').getAll(),
            tx.objectStore('vocab').index('division').getAll(role.division),
          ])
        : [[], []];
    return roleDeleted(role, { topics, words }, detach);
  });
}
