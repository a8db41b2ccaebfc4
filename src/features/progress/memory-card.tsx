/** The progress screen's card of how many learned words the learner probably recalls today. */
import { useMemo } from 'react';
import { CALIBRATION_MIN_REVIEWS, type Calibration } from '@/domain/exam';
import { fsrsModel } from '@/domain/fsrs';
import type { UserWord } from '@/domain/types';
import { useT } from '@/i18n';
import { expectedRecall, type RecallFigure, recallChances } from './lists';

/**
 * How many learned words the learner probably recalls today (both schedules keep FSRS memory),
 * calibrated on the learner's own answers of the last 30 days as the exam's prediction is (FSRS's
 * default parameters read high for multiple-choice answers); not shown until those answers are
 * enough to calibrate it.
 */
export function MemoryCard({
  calibration,
  words,
  learned,
}: {
  /** Null while the history is read. */
  calibration: Calibration | null;
  words: ReadonlyMap<string, UserWord>;
  /** How many words are learned (the learned list's length). */
  learned: number;
}) {
  const t = useT();

  const calibrated = calibration !== null && calibration.reviews >= CALIBRATION_MIN_REVIEWS;
  // Each learned word's chance of recall, worked out once when the figure is to be shown (not
  // while the history's figures are read, nor again for their calibration); the model is in this
  // screen's chunk (loaded with the route), never in the start-up bundle.
  const chances = useMemo(
    () => (calibrated ? recallChances(words.values(), Date.now(), fsrsModel.recall) : null),
    [words, calibrated],
  );
  const factor = calibration?.factor ?? 1;
  const figure: RecallFigure | null = useMemo(
    () => (chances ? expectedRecall(chances, factor) : null),
    [chances, factor],
  );

  return (
    <section className="card progress-memory" aria-labelledby="memory-title">
      <h2 id="memory-title" className="list-title">
        {t('progress.memory.title')}
      </h2>
      {learned === 0 ? (
        <p className="muted">{t('progress.memory.none')}</p>
      ) : calibration === null ? (
        <p className="muted" role="status">
          {t('loading.title')}
        </p>
      ) : !calibrated || !figure ? (
        <p className="muted" data-testid="recall-figure">
          {t('progress.memory.notYet', {
            min: CALIBRATION_MIN_REVIEWS,
            count: calibration.reviews,
          })}
        </p>
      ) : (
        <>
          <p className="summary-label" data-testid="recall-figure">
            {t('progress.memory.figure', {
              expected: Math.round(figure.expected),
              count: figure.learned,
            })}
          </p>
          <p className="muted">{t('progress.memory.hint')}</p>
          {figure.learned > figure.withMemory ? (
            <p className="muted">
              {t('progress.memory.unanswered', { count: figure.learned - figure.withMemory })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
