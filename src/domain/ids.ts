/** Random record ids: 21 URL-safe characters (nanoid). */
import { nanoid } from 'nanoid';
import { RANDOM_ID_LENGTH } from './constants';

export function newId(): string {
  return nanoid(RANDOM_ID_LENGTH);
}
