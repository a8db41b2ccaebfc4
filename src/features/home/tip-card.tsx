/** A short maritime-English study tip; one per day, and a button to read the next. */
import { useState } from 'react';
import { type MessageKey, useT } from '@/i18n';
import { BookIcon } from '@/ui/icons';
import { tipOfTheDay } from './dashboard';

const TIPS: readonly MessageKey[] = [
  'home.tip.1',
  'home.tip.2',
  'home.tip.3',
  'home.tip.4',
  'home.tip.5',
  'home.tip.6',
];

export function TipCard({ className = '' }: { className?: string }) {
  const t = useT();
  const [index, setIndex] = useState(() => tipOfTheDay(Date.now(), TIPS.length));
  const tip = TIPS[index] ?? TIPS[0];

  return (
    <section className={`card tip-card ${className}`} aria-labelledby="tip-title">
      <h2 id="tip-title" className="card-title">
        <BookIcon width={20} height={20} />
        {t('home.tips.title')}
      </h2>
      <p className="tip-text" aria-live="polite">
        {tip ? t(tip) : null}
      </p>
      <button
        type="button"
        className="btn btn-ghost btn-small tip-next"
        onClick={() => setIndex((i) => (i + 1) % TIPS.length)}
      >
        {t('home.tips.next')}
      </button>
    </section>
  );
}
