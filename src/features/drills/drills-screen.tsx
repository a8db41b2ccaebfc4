/**
 * /drills: the VHF exchange drills by situation, each with its length and the learner's progress
 * (runs finished, the last result), and a link that starts it.
 */

import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { SITUATIONS, type Situation } from '@/domain/drills';
import { inLanguage } from '@/domain/types';
import { plural, useLang, useT } from '@/i18n';
import { loadedDrills } from '@/stores/drills-store';
import { EmptyState } from '@/ui/empty-state';
import { useDrillProgress } from './use-drill-progress';
import './drills.css';

export function DrillsScreen() {
  const t = useT();
  const lang = useLang();
  const drills = loadedDrills();
  const progress = useDrillProgress();
  const [situation, setSituation] = useState<Situation | null>(null);
  const present = SITUATIONS.filter((name) => drills.some((drill) => drill.situation === name));
  const shown = drills.filter((drill) => situation === null || drill.situation === situation);

  return (
    <main className="page drills">
      <header className="page-header">
        <h1>{t('drills.title')}</h1>
      </header>
      <p className="drills-intro muted">{t('drills.intro')}</p>
      {drills.length === 0 ? (
        <EmptyState>{t('drills.notFound')}</EmptyState>
      ) : (
        <>
          <fieldset className="drills-filter">
            <legend>{t('drills.filter')}</legend>
            <div className="chips">
              <button
                type="button"
                className="chip drills-chip"
                aria-pressed={situation === null}
                onClick={() => setSituation(null)}
              >
                {t('drills.all')}
              </button>
              {present.map((name) => (
                <button
                  key={name}
                  type="button"
                  className="chip drills-chip"
                  aria-pressed={situation === name}
                  onClick={() => setSituation(name)}
                >
                  {t(`drills.situation.${name}`)}
                </button>
              ))}
            </div>
          </fieldset>
          <ul className="drills-list" aria-busy={progress === null || undefined}>
            {shown.map((drill) => {
              const done = progress?.get(drill.id);
              return (
                <li key={drill.id} className="card drills-item">
                  <p className="drills-item-kind">
                    <span className="badge">{t(`drills.situation.${drill.situation}`)}</span>
                    <span className="muted">
                      {plural(lang, drill.turns.length, {
                        one: t('drills.turns.one'),
                        few: t('drills.turns.few'),
                        many: t('drills.turns.many'),
                        other: t('drills.turns.other'),
                      })}
                    </span>
                  </p>
                  <h2 className="drills-item-title">
                    <Link
                      to="/drills/$drillId"
                      params={{ drillId: drill.id }}
                      className="drills-item-link"
                    >
                      {inLanguage(drill.title, lang)}
                    </Link>
                  </h2>
                  <p className="drills-item-setting">{inLanguage(drill.setting, lang)}</p>
                  <p className={done ? 'drills-item-done' : 'muted'}>
                    {done?.last
                      ? plural(lang, done.finished, {
                          one: t('drills.done.one', done.last),
                          few: t('drills.done.few', done.last),
                          many: t('drills.done.many', done.last),
                          other: t('drills.done.other', done.last),
                        })
                      : t('drills.notDone')}
                  </p>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </main>
  );
}
