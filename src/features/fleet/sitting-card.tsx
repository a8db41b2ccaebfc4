/** An exam code issued for a supervised sitting: the code, the post, when issued, and a copy. */
import type { Sitting } from '@/domain/exam-proof';
import { formatJoinCode } from '@/domain/fleet';
import { roleLabel } from '@/domain/roles';
import { useLang, useT } from '@/i18n';

export function SittingCard({
  titleId,
  name,
  sitting,
  date,
  copied,
  onCopy,
  onClose,
}: {
  titleId: string;
  /** The crew member's name. */
  name: string;
  sitting: Sitting;
  /** A time as the crew table shows it. */
  date: (ms: number) => string;
  /** The code is on the clipboard. */
  copied: boolean;
  onCopy: (code: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <section className="card fleet-sitting" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('fleet.sitting.title', { name })}</h3>
      <p className="fleet-sitting-code" data-testid="sitting-code">
        {formatJoinCode(sitting.code)}
      </p>
      <p>
        {t('fleet.sitting.post', { post: roleLabel(sitting.role, lang) })}
        <br />
        {t('fleet.sitting.issued', { date: date(sitting.issuedAt) })}
      </p>
      <p className="muted">{t('fleet.sitting.lead')}</p>
      <div className="button-row">
        <button type="button" className="btn" onClick={() => onCopy(sitting.code)}>
          {copied ? t('fleet.sitting.copied') : t('fleet.sitting.copy')}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          {t('fleet.sitting.close')}
        </button>
      </div>
    </section>
  );
}
