/**
 * A stand-in for the browser's module worker of the history's jobs (`history-client.ts` starts
 * one per job): the request and every answer are structured-cloned as postMessage clones them,
 * and the job runs through the worker's own code on a connection of its own
 * (`answerHistoryRequest`). It keeps the kinds of the jobs it was given, so a test can tell that a
 * job ran in the worker, not on the page.
 */
import {
  answerHistoryRequest,
  type HistoryJob,
  type HistoryWorkerMessage,
  type HistoryWorkerRequest,
} from '@/db/history-jobs';

export class ClonedWorker {
  static started = 0;
  /** The kinds of the jobs given to workers since the last `reset`, in order. */
  static jobs: HistoryJob['kind'][] = [];
  /** While set, the workers' jobs wait for it before they run (a slow phone's fold, say). */
  static held: Promise<void> | null = null;
  static reset() {
    ClonedWorker.started = 0;
    ClonedWorker.jobs = [];
    ClonedWorker.held = null;
  }
  onmessage: ((event: { data: HistoryWorkerMessage }) => void) | null = null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
  constructor() {
    ClonedWorker.started++;
  }
  postMessage(request: HistoryWorkerRequest) {
    ClonedWorker.jobs.push(request.job.kind);
    const cloned = structuredClone(request);
    void Promise.resolve(ClonedWorker.held).then(() =>
      answerHistoryRequest(cloned, (message) => {
        this.onmessage?.({ data: structuredClone(message) });
      }),
    );
  }
  terminate() {}
}
