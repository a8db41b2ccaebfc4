/**
 * The real Firebase Auth emulator (firebase-tools, a devDependency; it runs offline) for tests:
 * start one on a chosen port with a throw-away firebase.json, and drive it through its REST
 * endpoints (out-of-band codes, disabling accounts, custom claims, wiping accounts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface AuthEmulator {
  /** host:port, as VITE_FIREBASE_AUTH_EMULATOR and FirebaseSettings.authEmulator take it. */
  host: string;
  port: number;
  projectId: string;
  /** Stops the emulator's whole process group and removes its temporary folder. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The Auth emulator's port; a free one when missing. */
  port?: number;
  /** Use a `demo-` id: the emulator then never tries to reach a real project. */
  projectId: string;
  /** How long to wait for the emulator to answer (default 60 s). */
  timeoutMs?: number;
  /**
   * Whether requests for other projects are warned about (firebase-tools' default); off for the
   * emulator `npm test` shares between the unit and the end-to-end tests, which use several.
   */
  singleProjectMode?: boolean;
}

export interface OobCode {
  email: string;
  requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'EMAIL_SIGNIN' | 'VERIFY_AND_CHANGE_EMAIL';
  oobCode: string;
  oobLink: string;
}

const LOCALHOST = '127.0.0.1';

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, LOCALHOST, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('No free port'));
      });
    });
  });
}

/** firebase-tools' command-line entry point (what `npx firebase` runs). */
function firebaseBin(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('firebase-tools/package.json');
  const { bin } = require(pkg) as { bin: { firebase: string } };
  return join(dirname(pkg), bin.firebase);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `url` answers with a success within a second. */
export async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Waits until `url` answers, polling every 250 ms; false once `timeoutMs` has passed or
 * `givesUp()` says so first.
 */
export async function untilAnswers(
  url: string,
  timeoutMs: number,
  givesUp: () => boolean = () => false,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(url))) {
    if (givesUp() || Date.now() > deadline) return false;
    await sleep(250);
  }
  return true;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * Starts `firebase emulators:start --only auth --project <projectId>` with a temporary
 * firebase.json (the auth port, free hub and logging ports, no UI) and resolves once
 * `GET http://127.0.0.1:<port>/` answers. The emulator runs in its own process group.
 */
export async function startAuthEmulator(options: StartOptions): Promise<AuthEmulator> {
  const port = options.port ?? (await freePort());
  const timeoutMs = options.timeoutMs ?? 60_000;
  const dir = mkdtempSync(join(tmpdir(), 'auth-emulator-'));
  const config = join(dir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        singleProjectMode: options.singleProjectMode ?? true,
        auth: { host: LOCALHOST, port },
        hub: { host: LOCALHOST, port: await freePort() },
        logging: { host: LOCALHOST, port: await freePort() },
        ui: { enabled: false },
      },
    }),
  );
  // Run from the temporary folder, which is also its TMPDIR: firebase-debug.log and the hub's
  // locator file land there, not in the checkout or beside another run's.
  const child = spawn(
    process.execPath,
    [
      firebaseBin(),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      options.projectId,
      '--config',
      config,
    ],
    {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TMPDIR: dir, NO_UPDATE_NOTIFIER: '1', CI: process.env.CI ?? '1' },
    },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  // A test run that dies must not leave the emulator behind.
  const onExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', onExit);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', onExit);
    if (!exited) {
      killGroup(child, 'SIGTERM');
      await Promise.race([exit, sleep(10_000)]);
      if (!exited) {
        killGroup(child, 'SIGKILL');
        await Promise.race([exit, sleep(2_000)]);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  if (!(await untilAnswers(`http://${LOCALHOST}:${port}/`, timeoutMs, () => exited))) {
    await stop();
    throw new Error(
      `The Auth emulator did not start on port ${port}${exited ? ' (it exited)' : ''}:\n${output}`,
    );
  }
  return { host: `${LOCALHOST}:${port}`, port, projectId: options.projectId, stop };
}

/**
 * The variable by which `npm test` (scripts/test.ts) names the emulator it started for the whole
 * run, as `<projectId>@<host:port>`: the unit tests and the end-to-end tests use it instead of
 * starting their own, a start of some 8-18 s of a core each. Calls of the client SDK name no
 * project, and the emulator serves them from its own project: its users work in that one.
 */
export const SHARED_AUTH_EMULATOR = 'TEST_AUTH_EMULATOR';

/** The value of SHARED_AUTH_EMULATOR that names `emulator`. */
export function sharedAuthEmulatorName(emulator: Pick<AuthEmulator, 'host' | 'projectId'>): string {
  return `${emulator.projectId}@${emulator.host}`;
}

/** How long a user of the shared emulator waits for it to answer (a loaded machine is slow). */
const SHARED_ANSWER_MS = 30_000;

/**
 * The emulator the run shares, if one is named (null otherwise: the caller starts its own); its
 * `stop` leaves it running (the run stops it). One named that does not answer is an error, not a
 * reason to start another on its port.
 */
export async function sharedAuthEmulator(): Promise<AuthEmulator | null> {
  const named = process.env[SHARED_AUTH_EMULATOR];
  if (!named) return null;
  const [projectId, host] = named.split('@');
  if (!projectId || !host)
    throw new Error(`${SHARED_AUTH_EMULATOR}=${named}: not <projectId>@<host:port>`);
  if (!(await untilAnswers(`http://${host}/`, SHARED_ANSWER_MS))) {
    throw new Error(
      `The shared Auth emulator at ${host} did not answer within ${SHARED_ANSWER_MS / 1000} s`,
    );
  }
  return { host, port: Number(host.split(':').at(-1)), projectId, stop: async () => {} };
}

async function emulatorFetch(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  }
  return text ? JSON.parse(text) : null;
}

/** Admin calls of the emulator: any project, authorised by the `Bearer owner` token. */
function adminPost(host: string, projectId: string, action: string, body: unknown) {
  return emulatorFetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:${action}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify(body),
    },
  );
}

/** Every out-of-band code (verification, password reset) the emulator has "sent". */
export async function oobCodes(host: string, projectId: string): Promise<OobCode[]> {
  const body = (await emulatorFetch(
    `http://${host}/emulator/v1/projects/${projectId}/oobCodes`,
  )) as { oobCodes?: OobCode[] };
  return body.oobCodes ?? [];
}

/** Follows an out-of-band link as a person clicking it would (verifies an e-mail address). */
export async function applyOobCode(host: string, oobLink: string): Promise<void> {
  const url = new URL(oobLink, `http://${host}`);
  const response = await fetch(url);
  await response.text();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
}

/** Sets a new password with a PASSWORD_RESET code (what the reset page would do). */
export async function resetPassword(
  host: string,
  oobCode: string,
  newPassword: string,
  apiKey = 'fake-api-key',
): Promise<void> {
  await emulatorFetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=${apiKey}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode, newPassword }),
    },
  );
}

/** The uid of the account with this e-mail, or undefined. */
export async function findAccount(
  host: string,
  projectId: string,
  email: string,
): Promise<string | undefined> {
  const body = (await adminPost(host, projectId, 'lookup', { email: [email] })) as {
    users?: Array<{ localId: string }>;
  };
  return body.users?.[0]?.localId;
}

/** Disables (or enables again) an account, as an administrator would in the console. */
export async function disableUser(
  host: string,
  projectId: string,
  localId: string,
  disabled = true,
): Promise<void> {
  await adminPost(host, projectId, 'update', { localId, disableUser: disabled });
}

/** Sets custom claims (e.g. `{ admin: true }`), as the Admin SDK's setCustomUserClaims does. */
export async function setCustomClaims(
  host: string,
  projectId: string,
  localId: string,
  claims: Record<string, unknown>,
): Promise<void> {
  await adminPost(host, projectId, 'update', { localId, customAttributes: JSON.stringify(claims) });
}

/** Marks an account's e-mail verified, as the person following the verification link would. */
export async function setEmailVerified(
  host: string,
  projectId: string,
  localId: string,
  verified = true,
): Promise<void> {
  await adminPost(host, projectId, 'update', { localId, emailVerified: verified });
}

/** Deletes every account of the project. */
export async function deleteAllAccounts(host: string, projectId: string): Promise<void> {
  await emulatorFetch(`http://${host}/emulator/v1/projects/${projectId}/accounts`, {
    method: 'DELETE',
  });
}

/**
 * Email-enumeration protection as production projects have it by default: one
 * `invalid-credential` for a wrong password and an unknown address alike.
 */
export async function setEmailEnumerationProtection(
  host: string,
  projectId: string,
  enabled: boolean,
): Promise<void> {
  await emulatorFetch(`http://${host}/emulator/v1/projects/${projectId}/config`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: enabled } }),
  });
}
