/** Who may do what (SPEC §6): one definition of an admin, used by every screen and store. */
import type { Topic, User, VocabItem } from './types';

/** An admin: a user whose record says so (the custom claim or the owner, as the auth layer decided). */
export const isAdmin = (user: User | null | undefined): user is User => user?.isAdmin === true;

/** Admins edit and delete any word; a signed-in user only their own user-made words; guests none. */
export function canEditWord(
  user: User | null | undefined,
  item: Pick<VocabItem, 'source' | 'createdBy'>,
): boolean {
  if (!user) return false;
  if (user.isAdmin) return true;
  return item.source === 'user' && item.createdBy === user.id;
}

/** Only admins add words (one by one or in bulk). */
export const canAddWords = (user: User | null | undefined) => isAdmin(user);

/** Admins manage divisions, roles and topics. */
export const canManageCatalog = (user: User | null | undefined) => isAdmin(user);

/** On the topics page admins delete only topics that users made; the built-in ones stay. */
export function canDeleteTopicFromList(
  user: User | null | undefined,
  topic: Pick<Topic, 'source'>,
): boolean {
  return isAdmin(user) && topic.source === 'user';
}
