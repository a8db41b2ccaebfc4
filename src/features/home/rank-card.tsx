/** The rank card: insignia, label and MAST count; tapping it opens a humorous description. */
import { useState } from 'react';
import { type RankId, rankFor } from '@/domain/ranks';
import { type DivisionId, inLanguage } from '@/domain/types';
import { type MessageKey, useLang, useT } from '@/i18n';
import { AnchorIcon } from '@/ui/icons';
import { Modal } from '@/ui/modal';

const DESCRIPTIONS: Readonly<Record<RankId, MessageKey>> = {
  L1: 'home.rank.L1',
  L2: 'home.rank.L2',
  L3: 'home.rank.L3',
  L4: 'home.rank.L4',
  L5: 'home.rank.L5',
  L6: 'home.rank.L6',
  L7: 'home.rank.L7',
};

export function RankCard({
  learned,
  learnable,
  division,
  className = '',
}: {
  /** Learned words: the MAST count. */
  learned: number;
  /** Words of every division not yet learned: how far the ranks can still take the learner. */
  learnable: number;
  /** The user's division picks the ladder (engine or deck). */
  division?: DivisionId | null;
  className?: string;
}) {
  const t = useT();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const standing = rankFor(learned, division);
  const label = inLanguage(standing.label, lang);
  const toNext = standing.next
    ? t('home.rank.toNext', {
        count: standing.toNext,
        next: inLanguage(rankFor(standing.next.min, division).label, lang),
      })
    : t('home.rank.top');

  // The dialog is a sibling of the card, not its child: `.card > :last-child` would zero its
  // auto margin and pin it to the bottom of the screen.
  return (
    <>
      <section className={`card rank-card ${className}`} aria-labelledby="rank-card-title">
        <h2 id="rank-card-title" className="card-title">
          <AnchorIcon width={20} height={20} />
          {t('home.rank.title')}
        </h2>
        <button
          type="button"
          className="rank-button"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <img className="rank-image" src={standing.rank.image} alt="" width={96} height={96} />
          <span className="rank-text">
            <span className="rank-label">{label}</span>
            <span className="rank-mast">{t('home.rank.mast', { count: learned })}</span>
            <span className="rank-next">{toNext}</span>
            <span className="rank-learnable">{t('home.rank.learnable', { count: learnable })}</span>
            <span className="rank-hint">{t('home.rank.open')}</span>
          </span>
        </button>
      </section>
      <Modal open={open} title={label} onClose={() => setOpen(false)}>
        <div className="rank-modal">
          <img src={standing.rank.image} alt={label} width={120} height={120} />
          <p className="rank-description">{t(DESCRIPTIONS[standing.rank.id])}</p>
          <p className="muted">
            {t('home.rank.mast', { count: learned })} · {toNext}
          </p>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn btn-primary" onClick={() => setOpen(false)}>
            {t('common.close')}
          </button>
        </div>
      </Modal>
    </>
  );
}
