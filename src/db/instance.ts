/** The app's one MarineDB connection, opened on first use, and the reset that deletes it. */
import { deleteMarineDB, openMarineDB } from './open';
import type { MarineDB } from './schema';

let connection: Promise<MarineDB> | null = null;

export function getDB(): Promise<MarineDB> {
  if (!connection) {
    connection = openMarineDB({
      // Another tab upgrades or deletes the database: this handle is closed; reopen on next use.
      onBlocking: () => {
        connection = null;
      },
      onTerminated: () => {
        connection = null;
      },
    });
    connection.catch(() => {
      connection = null;
    });
  }
  return connection;
}

/** Closes this tab's connection and deletes the whole database; the next `getDB` seeds it anew. */
export async function resetDB(): Promise<void> {
  const open = connection;
  connection = null;
  if (open) (await open.catch(() => null))?.close();
  await deleteMarineDB();
}
