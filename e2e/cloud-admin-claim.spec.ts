/**
 * Cloud admins are made with the `admin` custom claim only: `npm run grant-admin -- <email>`
 * (scripts/grant-admin.mjs, the Firebase Admin SDK) sets it, here in the real Auth emulator that
 * Playwright starts (FIREBASE_AUTH_EMULATOR_HOST), keeping the account's other claims; `--revoke`
 * takes it back. The app then shows the account as an admin once it signs in again.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  expect,
  loginViaUi,
  registerViaUi,
  signOutViaUi,
  test,
  uniqueEmail,
} from './support/fixtures';
import { AUTH_EMULATOR_HOST } from './support/ports';

const AUTH_EMULATOR = AUTH_EMULATOR_HOST;
const PROJECT = 'demo-marine';
const API_KEY = 'demo-key';
const run = promisify(execFile);

/** The environment of an operator pointed at the emulator (no service account needed there). */
const operatorEnv = {
  ...process.env,
  FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR,
  GCLOUD_PROJECT: PROJECT,
  GOOGLE_APPLICATION_CREDENTIALS: '',
};

/** Runs the operator's command; resolves with its output and exit code. */
async function grantAdmin(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/grant-admin.mjs', ...args], {
      env: operatorEnv,
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The emulator's admin REST calls (the `Bearer owner` token). */
async function adminCall(action: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(
    `http://${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:${action}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify(body),
    },
  );
  expect(response.ok).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** A new account (as the app's registration makes one); returns its uid. */
async function signUp(email: string, password: string): Promise<string> {
  const response = await fetch(
    `http://${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  expect(response.ok).toBe(true);
  return ((await response.json()) as { localId: string }).localId;
}

/** The custom claims the emulator holds for the account. */
async function storedClaims(uid: string): Promise<Record<string, unknown>> {
  const { users } = (await adminCall('lookup', { localId: [uid] })) as {
    users: { customAttributes?: string }[];
  };
  return JSON.parse(users[0]?.customAttributes || '{}') as Record<string, unknown>;
}

/** The claims of a fresh ID token, as the app and the security rules see them after a sign-in. */
async function tokenClaims(email: string, password: string): Promise<Record<string, unknown>> {
  const response = await fetch(
    `http://${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  expect(response.ok).toBe(true);
  const { idToken } = (await response.json()) as { idToken: string };
  return JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

test('npm run grant-admin sets the admin claim, keeps the other claims, and --revoke takes it back', async () => {
  const email = uniqueEmail('mate');
  const password = 'secret-pass';
  const uid = await signUp(email, password);
  // A claim someone else set (a fleet tool, say) survives both commands.
  await adminCall('update', { localId: uid, customAttributes: JSON.stringify({ vessel: 'mv-a' }) });

  // As the operator types it (the address in another case is the same account).
  const granted = await run('npm', ['run', '--silent', 'grant-admin', '--', email.toUpperCase()], {
    env: operatorEnv,
    timeout: 60_000,
  });
  expect(granted.stdout).toContain(`Granted the admin claim to ${email} (uid ${uid})`);
  expect(granted.stdout).toContain(`project ${PROJECT} on the Auth emulator`);
  expect(granted.stdout).toContain('Other custom claims kept: vessel.');
  expect(granted.stdout).toMatch(/signs in again.*within 1 hour/);
  expect(await storedClaims(uid)).toEqual({ vessel: 'mv-a', admin: true });
  expect(await tokenClaims(email, password)).toMatchObject({ admin: true, vessel: 'mv-a' });

  // Again: nothing to do, and it says so.
  const again = await grantAdmin(email);
  expect(again.code).toBe(0);
  expect(again.stdout).toContain('is an admin already: nothing changed');

  const revoked = await grantAdmin(email, '--revoke');
  expect(revoked.code).toBe(0);
  expect(revoked.stdout).toContain(`Revoked the admin claim of ${email}`);
  expect(revoked.stdout).toMatch(/within 1 hour/);
  expect(await storedClaims(uid)).toEqual({ vessel: 'mv-a' });
  expect(await tokenClaims(email, password)).not.toHaveProperty('admin');
  expect((await grantAdmin(email, '--revoke')).stdout).toContain('is not an admin');
});

test('grant-admin refuses an unknown account, a bad address and missing credentials, changing nothing', async () => {
  const unknown = await grantAdmin(uniqueEmail('nobody'));
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain('No account with the e-mail');
  const usage = await grantAdmin();
  expect(usage.code).toBe(1);
  expect(usage.stderr).toContain('Usage: npm run grant-admin -- <email> [--revoke]');
  expect((await grantAdmin('not-an-address')).stderr).toContain('Not an e-mail address');
  expect((await grantAdmin('a@ship.test', '--force')).code).toBe(1);
  // Without the emulator, the real project's service account is required.
  const { FIREBASE_AUTH_EMULATOR_HOST: _emulator, ...real } = operatorEnv;
  const noCredentials = await run(process.execPath, ['scripts/grant-admin.mjs', 'a@ship.test'], {
    env: real,
  }).catch((error: { code: number; stderr: string }) => error);
  expect(noCredentials).toMatchObject({ code: 1 });
  expect((noCredentials as { stderr: string }).stderr).toContain('GOOGLE_APPLICATION_CREDENTIALS');
});

test('the account is an admin in the app once granted and signed in again, and only then', async ({
  page,
}) => {
  const officer = await registerViaUi(page, { email: uniqueEmail('officer') });
  const adminLink = page.getByRole('link', { name: 'Админ' }).first();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await expect(adminLink).toBeHidden();

  const granted = await grantAdmin(officer.email);
  expect(granted.code).toBe(0);
  await signOutViaUi(page);
  await loginViaUi(page, officer);
  await expect(adminLink).toBeVisible();
  await adminLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Службы, роли и темы');
});
