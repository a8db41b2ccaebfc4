/**
 * `npm test`: the type checks, the linter, the unit tests and the end-to-end tests, in that order,
 * stopping at the first failure, each stage's time printed as it ends.
 *
 * The Firebase Auth emulator that the unit tests (the Firebase provider) and the cloud end-to-end
 * tests use is started once, beside the type checks (the compiler keeps one core busy, the
 * emulator's start the other), and named to both stages by SHARED_AUTH_EMULATOR; each stage
 * started its own before, some 8-18 s of a core each. Should it not start (or the port be taken),
 * each stage starts or finds its own as before and reports what fails.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:os';
import {
  type AuthEmulator,
  answers,
  SHARED_AUTH_EMULATOR,
  sharedAuthEmulatorName,
  startAuthEmulator,
} from '../e2e/support/auth-emulator';
import { PROJECT } from '../e2e/support/global-setup';
import { AUTH_EMULATOR_HOST, AUTH_EMULATOR_PORT } from '../e2e/support/ports';

const STAGES = ['typecheck', 'lint', 'test:unit', 'test:e2e'] as const;

/** The stage running now, to pass a signal on to. */
let running: ChildProcess | null = null;

/** Runs `npm run <script>` with the terminal's output; resolves to its exit code. */
function npmRun(script: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: 'inherit', env });
    running = child;
    child.once('error', (error) => {
      console.error(`npm run ${script} could not start:`, error);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      running = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/**
 * The emulator for the whole run, or null (then each stage starts its own). Only one started
 * here is shared: one already on the port (a developer's, with its own project and accounts) is
 * left to the end-to-end run's global setup, which uses it outside CI, as before.
 */
async function shareEmulator(): Promise<AuthEmulator | null> {
  if (await answers(`http://${AUTH_EMULATOR_HOST}/`)) return null;
  try {
    return await startAuthEmulator({
      port: AUTH_EMULATOR_PORT,
      projectId: PROJECT,
      timeoutMs: 170_000,
      singleProjectMode: false,
    });
  } catch (error) {
    console.error('The shared Auth emulator did not start; each stage starts its own.', error);
    return null;
  }
}

const emulator = shareEmulator();

async function main(): Promise<number> {
  const started = Date.now();
  try {
    for (const stage of STAGES) {
      const env = { ...process.env };
      delete env[SHARED_AUTH_EMULATOR];
      // The type checks and the linter do not wait for the emulator; the tests do.
      if (stage.startsWith('test:')) {
        const shared = await emulator;
        if (shared) env[SHARED_AUTH_EMULATOR] = sharedAuthEmulatorName(shared);
      }
      const stageStarted = Date.now();
      const code = await npmRun(stage, env);
      const seconds = ((Date.now() - stageStarted) / 1000).toFixed(1);
      console.log(`\nnpm test: ${stage} ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
      if (code !== 0) return code;
    }
    console.log(`npm test: all stages passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    await (await emulator)?.stop();
  }
}

// Interrupted (Ctrl-C, a runner's time limit): the stage gets the signal too (a terminal sends it
// to the whole group, a runner may send it to this process alone) and is waited for; the
// emulator, in a process group of its own, is killed as this process exits
// (`startAuthEmulator`'s exit hook), even while it is still starting.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const code = 128 + constants.signals[signal];
    const stage = running;
    if (!stage) process.exit(code);
    stage.once('exit', () => process.exit(code));
    stage.kill(signal);
  });
}

process.exitCode = await main();
