/**
 * The fleet's vessels as cards (crew, active this week, average rank, exam pass rate), a page at a
 * time: a fleet of 400 vessels computes and renders only the cards of the page shown.
 */
import { useState } from 'react';
import type { Vessel } from '@/domain/fleet';
import { pageOf, VESSEL_PAGE_SIZE, vesselFigures } from '@/domain/fleet-dashboard';
import type { CrewRow } from '@/domain/fleet-summary';
import { rankFor } from '@/domain/ranks';
import { inLanguage } from '@/domain/types';
import { useLang, useT } from '@/i18n';
import { Pager } from './pager';

export function VesselCards({
  vessels,
  crew,
  now,
  onOpen,
}: {
  vessels: readonly Vessel[];
  crew: Readonly<Record<string, readonly CrewRow[]>>;
  now: number;
  onOpen: (vessel: string) => void;
}) {
  const t = useT();
  const lang = useLang();
  const [pageIndex, setPageIndex] = useState(0);
  const page = pageOf(vessels, pageIndex, VESSEL_PAGE_SIZE);
  return (
    <>
      <ul className="fleet-cards">
        {page.items.map((vessel) => {
          const figures = vesselFigures(crew[vessel.id] ?? [], now);
          const rank = inLanguage(rankFor(figures.meanMast).label, lang);
          return (
            <li key={vessel.id} className="card fleet-card">
              <h3>{vessel.name}</h3>
              <p className="muted">
                IMO {vessel.imo}
                {vessel.flag ? ` · ${vessel.flag}` : ''}
              </p>
              <ul className="fleet-figures">
                <li>{t('fleet.card.crew', { count: figures.crew })}</li>
                <li>{t('fleet.card.active', { count: figures.active })}</li>
                <li>{t('fleet.card.rank', { rank, mast: figures.meanMast })}</li>
                <li>
                  {figures.passRate === null
                    ? t('fleet.card.noExams')
                    : t('fleet.card.pass', {
                        percent: Math.round(figures.passRate * 100),
                        count: figures.examined,
                      })}
                </li>
              </ul>
              <button type="button" className="btn" onClick={() => onOpen(vessel.id)}>
                {t('fleet.card.open', { vessel: vessel.name })}
              </button>
            </li>
          );
        })}
      </ul>
      <Pager
        page={page}
        total={vessels.length}
        size={VESSEL_PAGE_SIZE}
        range="fleet.page.vessels"
        onPage={setPageIndex}
      />
    </>
  );
}
