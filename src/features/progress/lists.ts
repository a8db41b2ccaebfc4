/** The three lists of /progress: learned, learning and due (answered at least once and due now). */
import { isDue } from '@/domain/srs';
import type { UserWord } from '@/domain/types';

export interface ProgressLists {
  learned: UserWord[];
  learning: UserWord[];
  due: UserWord[];
  /** Distinct words across the three lists (a due word may also be learning or learned). */
  total: number;
}

const newestFirst = (a: UserWord, b: UserWord) => b.updatedAt - a.updatedAt;
const soonestFirst = (a: UserWord, b: UserWord) =>
  (a.nextReviewAt ?? 0) - (b.nextReviewAt ?? 0) || a.vocabId.localeCompare(b.vocabId);

export function progressLists(words: Iterable<UserWord>, now: number): ProgressLists {
  const learned: UserWord[] = [];
  const learning: UserWord[] = [];
  const due: UserWord[] = [];
  const counted = new Set<string>();
  for (const word of words) {
    if (word.deleted) continue;
    if (word.status === 'learned') learned.push(word);
    if (word.status === 'learning') learning.push(word);
    if (word.attempts > 0 && isDue(word, now)) due.push(word);
    if (word.status !== 'new' || (word.attempts > 0 && isDue(word, now))) counted.add(word.vocabId);
  }
  return {
    learned: learned.sort(newestFirst),
    learning: learning.sort(newestFirst),
    due: due.sort(soonestFirst),
    total: counted.size,
  };
}
