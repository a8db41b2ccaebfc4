/**
 * The saved states the local project's tests start from (made once per run by
 * e2e/saved-state.setup.ts): a returning visitor's browser, with the built-in vocabulary already
 * installed, as a guest, as a learner, as an administrator. A test opts in with
 * `test.use({ storageState: SAVED.learner })`; each test still gets its own context, so its own
 * copy of the database and of the account in it (local accounts live in IndexedDB). The specs
 * that test the first visit, registration and sign-in do not use them.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Account } from './fixtures';

const FOLDER = join(
  fileURLToPath(new URL('../..', import.meta.url)),
  'test-results',
  '.saved-state',
);

/** The files `context.storageState({ indexedDB: true })` wrote: local storage and IndexedDB. */
export const SAVED = {
  /** No one signed in, the vocabulary installed. */
  guest: join(FOLDER, 'guest.json'),
  /** LEARNER signed in. */
  learner: join(FOLDER, 'learner.json'),
  /** ADMIN signed in, with the administrator code claimed. */
  admin: join(FOLDER, 'admin.json'),
} as const;

/** The account signed in in SAVED.learner. */
export const LEARNER: Account = {
  email: 'learner@ship.test',
  password: 'secret-pass',
  fullName: 'Иван Петров',
};

/** The account signed in in SAVED.admin. */
export const ADMIN: Account = {
  email: 'captain@ship.test',
  password: 'secret-pass',
  fullName: 'Капитан Немо',
};
