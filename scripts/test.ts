/**
 * `npm test`: the type checks, the linter, the unit tests and the end-to-end tests, in that order,
 * stopping at the first failure, each stage's time printed as it ends.
 *
 * The Firebase Auth emulator that the unit tests (the Firebase provider) and the cloud end-to-end
 * tests use is started once, beside the type checks (the compiler keeps one core busy, the
 * emulator's start the other), and named to both stages by SHARED_AUTH_EMULATOR; each stage
 * started its own before, some 8-18 s of a core each. Should it not start, each stage starts its
 * own as before and reports what fails.
 */
import { spawn } from 'node:child_process';
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

/** Runs `npm run <script>` with the terminal's output; resolves to its exit code. */
function npmRun(script: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: 'inherit', env });
    child.once('error', (error) => {
      console.error(`npm run ${script} could not start:`, error);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The emulator for the whole run, or null (then each stage starts its own). */
async function shareEmulator(): Promise<AuthEmulator | null> {
  // Outside CI, an emulator already answering on the port (a developer's) is used as it is.
  if (!process.env.CI && (await answers(`http://${AUTH_EMULATOR_HOST}/`))) {
    return {
      host: AUTH_EMULATOR_HOST,
      port: AUTH_EMULATOR_PORT,
      projectId: PROJECT,
      stop: async () => {},
    };
  }
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
const stopEmulator = async () => (await emulator)?.stop();

async function main(): Promise<number> {
  const started = Date.now();
  try {
    for (const stage of STAGES) {
      const env = { ...process.env };
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
    await stopEmulator();
  }
}

// Interrupted (Ctrl-C, a CI's time limit): the emulator runs in a process group of its own, so
// it is stopped here; the stage's own processes get the signal from the terminal or the runner.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopEmulator().finally(() => process.exit(130));
  });
}

process.exitCode = await main();
