/**
 * Runs a vocabulary job (`vocabulary-jobs.ts`) off the page's thread: a module worker per job,
 * loaded from the service worker's cache like any chunk, so it works offline. The word data is
 * part of the worker's own file and of nothing the page loads. Unit tests (Node has no workers)
 * run the same job in-thread on the connection they pass.
 */
import type { MarineDB } from './schema';
import type {
  VocabularyJob,
  VocabularyJobResult,
  VocabularyWorkerMessage,
} from './vocabulary-jobs';

export type Progress = (done: number, total: number) => void;

export async function runVocabularyJobOffThread(
  job: VocabularyJob,
  here: () => Promise<MarineDB>,
  onProgress?: Progress,
): Promise<VocabularyJobResult> {
  if (import.meta.env.MODE === 'test') {
    // Compiled out of every build: the page never imports the word data itself.
    const { runVocabularyJob } = await import('./vocabulary-jobs');
    return runVocabularyJob(await here(), job, onProgress);
  }
  return inWorker(job, onProgress);
}

function inWorker(job: VocabularyJob, onProgress?: Progress): Promise<VocabularyJobResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./vocabulary-worker.ts', import.meta.url), {
      type: 'module',
      name: 'vocabulary',
    });
    const finish = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<VocabularyWorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress?.(message.done, message.total);
      else if (message.type === 'done') {
        finish();
        resolve(message.result);
      } else {
        finish();
        reject(new Error(message.message));
      }
    };
    // The worker's file could not be loaded or run (offline without it in the cache).
    worker.onerror = (event) => {
      event.preventDefault();
      finish();
      reject(new Error(`the vocabulary worker failed: ${event.message || 'not loaded'}`));
    };
    worker.postMessage(job);
  });
}
