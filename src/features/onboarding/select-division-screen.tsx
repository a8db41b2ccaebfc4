/** /select-division: a grid of divisions; choosing one saves it and goes on to the roles. */
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { CATALOGUE_DIVISIONS } from '@/domain/constants';
import { inDivision } from '@/domain/topics';
import type { Division } from '@/domain/types';
import { useLang, useT } from '@/i18n';
import { vocabularyInstallSource } from '@/stores/local-database';
import { useSessionStore } from '@/stores/session-store';
import { useToast } from '@/stores/toast-store';
import { useVocabStore } from '@/stores/vocab-store';
import { divisionLabel } from '@/ui/division-label';
import { EmptyState } from '@/ui/empty-state';
import { CheckIcon, DivisionIcon } from '@/ui/icons';
import { WordsLoading } from '@/ui/vocabulary-progress';
import { wordCount } from './labels';
import { StepHeader } from './step-header';
import './onboarding.css';

/** The built-in divisions in their usual order (deck, engine, bridge, galley, common core), then the others by name. */
function ordered(divisions: readonly Division[]): Division[] {
  const rank = (id: string) => {
    const i = CATALOGUE_DIVISIONS.indexOf(id);
    return i === -1 ? CATALOGUE_DIVISIONS.length : i;
  };
  return [...divisions].sort((a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name));
}

export function SelectDivisionScreen() {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const toast = useToast();
  const loaded = useVocabStore((s) => s.loaded);
  const catalogue = useVocabStore((s) => s.divisions);
  const divisions = useMemo(() => ordered(catalogue), [catalogue]);
  const vocab = useVocabStore((s) => s.vocab);
  const current = useSessionStore((s) => s.division);
  const chooseDivision = useSessionStore((s) => s.chooseDivision);

  async function choose(division: string) {
    try {
      await chooseDivision(division);
    } catch (error) {
      // The choice still applies to this session; only saving it to the settings failed.
      console.error('Saving the division failed', error);
      toast.show({
        tone: 'error',
        message: t('onboarding.role.saveFailed'),
      });
    }
    await navigate({ to: '/select-role', search: { division } });
  }

  return (
    <main className="page onboarding">
      <StepHeader step={1} title={t('onboarding.division.title')} />
      <p className="onboarding-lead">{t('onboarding.division.lead')}</p>
      {!loaded ? (
        <WordsLoading source={vocabularyInstallSource} label={t('onboarding.loading')} />
      ) : divisions.length === 0 ? (
        <EmptyState>{t('onboarding.division.empty')}</EmptyState>
      ) : (
        <ul className="pick-grid">
          {divisions.map((division) => {
            const selected = division.id === current;
            // What a learner of the division studies: its words and the common core.
            const count = vocab.filter((v) => inDivision(v.division, division.id)).length;
            return (
              <li key={division.id}>
                <button
                  type="button"
                  className="pick-card"
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => void choose(division.id)}
                >
                  <span className="pick-icon">
                    <DivisionIcon division={division.id} width={36} height={36} />
                  </span>
                  <span className="pick-text">
                    <span className="pick-name">{divisionLabel(t, division.id, divisions)}</span>
                    <span className="pick-meta">{wordCount(t, lang, count)}</span>
                  </span>
                  {selected ? (
                    <span className="pick-current">
                      <CheckIcon width={16} height={16} />
                      {t('onboarding.current')}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
