/**
 * The version of the built-in vocabulary the app ships. Bump it whenever a data file changes:
 * a device whose installed version is older takes on the new words at its next start.
 */
export const VOCABULARY_VERSION = 7;
