// Grants (or, with --revoke, takes back) the `admin` custom claim of a cloud account: the only
// thing that makes an admin in the cloud edition (firestore.rules' isAdmin() and the app both read
// it). Uses the Firebase Admin SDK with the project's credentials:
//   GOOGLE_APPLICATION_CREDENTIALS=/path/to/service-account.json npm run grant-admin -- <email>
//   npm run grant-admin -- <email> --revoke
// The project is GCLOUD_PROJECT (or GOOGLE_CLOUD_PROJECT), else VITE_FIREBASE_PROJECT_ID (from the
// environment, .env.local or .env), else the service account's own project. With
// FIREBASE_AUTH_EMULATOR_HOST set (e.g. 127.0.0.1:9099) it talks to the Auth emulator instead
// and needs no credentials. The account's other custom claims are kept.
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { applicationDefault, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

const USAGE = 'Usage: npm run grant-admin -- <email> [--revoke]';

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** A variable of the environment, or of the build's .env.local or .env (as Vite reads them). */
function configured(name) {
  if (process.env[name]?.trim()) return process.env[name].trim();
  for (const file of ['.env.local', '.env']) {
    try {
      const value = parseEnv(readFileSync(file, 'utf8'))[name]?.trim();
      if (value) return value;
    } catch {
      // No such file: the next one.
    }
  }
  return undefined;
}

/** The project of the service-account file, if it names one. */
function serviceAccountProject(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8')).project_id || undefined;
  } catch (error) {
    fail(
      `Cannot read the service-account file ${path} (GOOGLE_APPLICATION_CREDENTIALS): ${error.message}`,
    );
  }
}

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const revoke = args.includes('--revoke');
const unknown = args.filter((arg) => arg.startsWith('-') && arg !== '--revoke');
const emails = args.filter((arg) => !arg.startsWith('-'));
if (unknown.length > 0 || emails.length !== 1) fail(USAGE);
const email = emails[0].trim().toLowerCase();
if (!/^[^@\s]+@[^@\s]+$/.test(email)) fail(`Not an e-mail address: ${emails[0]}\n${USAGE}`);

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
const credentials = process.env.GOOGLE_APPLICATION_CREDENTIALS?.trim();
let projectId =
  process.env.GCLOUD_PROJECT?.trim() ||
  process.env.GOOGLE_CLOUD_PROJECT?.trim() ||
  configured('VITE_FIREBASE_PROJECT_ID');
if (!emulator) {
  if (!credentials) {
    fail(
      'Set GOOGLE_APPLICATION_CREDENTIALS to the path of a service-account key file of the Firebase ' +
        'project (console: Project settings > Service accounts > Generate new private key), or ' +
        'FIREBASE_AUTH_EMULATOR_HOST to use the Auth emulator.',
    );
  }
  projectId ||= serviceAccountProject(credentials);
}
if (!projectId) {
  fail(
    'Name the project: GCLOUD_PROJECT=<project id> (or VITE_FIREBASE_PROJECT_ID in .env.local).',
  );
}

// On the emulator the Admin SDK needs no credentials (FIREBASE_AUTH_EMULATOR_HOST is read by it).
const app = initializeApp(
  emulator ? { projectId } : { projectId, credential: applicationDefault() },
);
const auth = getAuth(app);
const where = emulator
  ? `project ${projectId} on the Auth emulator at ${emulator}`
  : `project ${projectId}`;

let user;
try {
  user = await auth.getUserByEmail(email);
} catch (error) {
  if (error?.code === 'auth/user-not-found') {
    fail(`No account with the e-mail ${email} in ${where}: the person registers in the app first.`);
  }
  fail(`Looking up ${email} in ${where} failed: ${error?.message ?? error}`);
}

const before = { ...(user.customClaims ?? {}) };
const { admin: _previous, ...others } = before;
const after = revoke ? others : { ...others, admin: true };
const kept = Object.keys(others);
const keptText = kept.length > 0 ? ` Other custom claims kept: ${kept.join(', ')}.` : '';
const who = `${email} (uid ${user.uid}) in ${where}`;

if (revoke ? !('admin' in before) : before.admin === true) {
  console.log(
    revoke
      ? `${who} is not an admin: nothing changed.`
      : `${who} is an admin already: nothing changed.`,
  );
  process.exit(0);
}

try {
  await auth.setCustomUserClaims(user.uid, Object.keys(after).length > 0 ? after : null);
} catch (error) {
  fail(`Setting the custom claims of ${who} failed: ${error?.message ?? error}`);
}

console.log(
  revoke
    ? `Revoked the admin claim of ${who}.${keptText}`
    : `Granted the admin claim to ${who}.${keptText}`,
);
console.log(
  revoke
    ? 'The rights end when the app next refreshes its sign-in token (within 1 hour), or at once when the user signs in again; the security rules refuse curriculum changes from then on.'
    : 'The rights apply once the user signs in again, or when the app next refreshes its sign-in token (within 1 hour).',
);
