/**
 * The history worker: runs one job of `history-jobs.ts` (a refold of every word, the progress
 * figures, the charts' series under other settings, the start's upkeep) on its own connection to
 * MarineDB and posts the outcome. The page starts one per job (`history-client.ts`), so a year's fold never runs on the
 * page's thread.
 */
/// <reference lib="webworker" />
import { answerHistoryRequest, type HistoryWorkerRequest } from './history-jobs';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<HistoryWorkerRequest>) => {
  void answerHistoryRequest(event.data, (message) => self.postMessage(message));
};
