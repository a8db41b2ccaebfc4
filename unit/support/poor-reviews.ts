/**
 * A learner who recalls far less than FSRS's default parameters say: the first ten words reviewed
 * right on four days, the next forty right once and then failed on three days in a row. The plan
 * as [word id, correct, days ago] (the progress screen's recall figure and the exam's prediction
 * are both calibrated on it in their tests).
 */
export function poorReviewPlan(ids: readonly string[]): [string, boolean, number][] {
  const plan: [string, boolean, number][] = [];
  for (const id of ids.slice(0, 10)) {
    for (const days of [20, 17, 10, 3]) plan.push([id, true, days]);
  }
  for (const id of ids.slice(10, 50)) {
    plan.push([id, true, 25]);
    for (const days of [15, 14, 13]) plan.push([id, false, days]);
  }
  return plan;
}
