/** The progress screen's summary: the rank with its mast, the next rank, and the three counts. */
import { rankFor } from '@/domain/ranks';
import { inLanguage } from '@/domain/types';
import { useLang, useT } from '@/i18n';

export function RankSummary({
  learned,
  learning,
  due,
  total,
  learnable,
  division,
}: {
  learned: number;
  learning: number;
  due: number;
  total: number;
  learnable: number;
  division?: string;
}) {
  const t = useT();
  const lang = useLang();
  const standing = rankFor(learned, division);
  const label = inLanguage(standing.label, lang);
  return (
    <section className="card progress-summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="visually-hidden">
        {t('progress.summary')}
      </h2>
      <div className="summary-rank">
        <img src={standing.rank.image} alt="" width={72} height={72} />
        <div>
          <p className="summary-caption">{t('progress.rank')}</p>
          <p className="summary-label">{label}</p>
          <p className="summary-mast">{t('home.rank.mast', { count: learned })}</p>
          <p className="summary-next">
            {standing.next
              ? t('home.rank.toNext', {
                  count: standing.toNext,
                  next: inLanguage(rankFor(standing.next.min, division).label, lang),
                })
              : t('home.rank.top')}
          </p>
          <p className="summary-next">{t('home.rank.learnable', { count: learnable })}</p>
        </div>
      </div>
      <dl className="summary-figures">
        <div>
          <dt>{t('progress.learned')}</dt>
          <dd>{learned}</dd>
        </div>
        <div>
          <dt>{t('progress.learning')}</dt>
          <dd>{learning}</dd>
        </div>
        <div>
          <dt>{t('progress.dueShort')}</dt>
          <dd>{due}</dd>
        </div>
      </dl>
      <p className="summary-total">{t('progress.total', { count: total })}</p>
    </section>
  );
}
