/** /select-role: the roles of the chosen division plus "all"; choosing one saves it and goes to the topics. */
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { ALL_ROLES, divisionRoleCodes, roleLabel } from '@/domain/roles';
import { useLang, useT } from '@/i18n';
import { vocabularyInstallSource } from '@/stores/local-database';
import { useSessionStore } from '@/stores/session-store';
import { useToast } from '@/stores/toast-store';
import { useVocabStore } from '@/stores/vocab-store';
import { divisionLabel } from '@/ui/division-label';
import { EmptyState } from '@/ui/empty-state';
import { CheckIcon, DivisionIcon } from '@/ui/icons';
import { WordsLoading } from '@/ui/vocabulary-progress';
import { StepHeader } from './step-header';
import './onboarding.css';

export function SelectRoleScreen({ division: param }: { division?: string }) {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const toast = useToast();
  const storedDivision = useSessionStore((s) => s.division);
  const storedRole = useSessionStore((s) => s.role);
  const chooseDivision = useSessionStore((s) => s.chooseDivision);
  const chooseRole = useSessionStore((s) => s.chooseRole);
  const loaded = useVocabStore((s) => s.loaded);
  const allRoles = useVocabStore((s) => s.roles);
  const divisions = useVocabStore((s) => s.divisions);

  const division = param ?? storedDivision;
  const roles = useMemo(
    () => (division ? divisionRoleCodes(allRoles, division) : []),
    [allRoles, division],
  );
  const current = division === storedDivision ? storedRole : undefined;

  async function choose(role: string) {
    if (!division) return;
    try {
      if (division !== storedDivision) await chooseDivision(division);
      await chooseRole(role);
    } catch (error) {
      console.error('Saving the division or role failed', error);
      toast.show({
        tone: 'error',
        message: t('onboarding.role.saveFailed'),
      });
    }
    await navigate({ to: '/select-topic', search: { division, role } });
  }

  if (!division) {
    return (
      <main className="page onboarding">
        <StepHeader step={2} title={t('onboarding.role.title')} />
        <EmptyState>{t('onboarding.role.noDivision')}</EmptyState>
        <p className="onboarding-center">
          <Link to="/select-division" className="btn btn-primary">
            {t('onboarding.role.pickDivision')}
          </Link>
        </p>
      </main>
    );
  }

  const option = (code: string, hint?: string) => (
    <li key={code}>
      <button
        type="button"
        className="pick-card pick-card-compact"
        aria-current={code === current ? 'true' : undefined}
        onClick={() => void choose(code)}
      >
        <span className="pick-text">
          <span className="pick-name">{roleLabel(code, lang)}</span>
          {hint ? <span className="pick-meta">{hint}</span> : null}
        </span>
        {code === current ? (
          <span className="pick-current">
            <CheckIcon width={16} height={16} />
            {t('onboarding.current')}
          </span>
        ) : null}
      </button>
    </li>
  );

  return (
    <main className="page onboarding">
      <StepHeader step={2} title={t('onboarding.role.title')} />
      <p className="onboarding-context">
        <DivisionIcon division={division} width={20} height={20} />
        <span>{divisionLabel(t, division, divisions)}</span>
        <Link to="/select-division" className="onboarding-change">
          {t('onboarding.setup.change')}
        </Link>
      </p>
      <p className="onboarding-lead">{t('onboarding.role.lead')}</p>
      {!loaded ? (
        <WordsLoading source={vocabularyInstallSource} label={t('onboarding.loading')} />
      ) : (
        <ul className="pick-grid pick-grid-roles">
          {roles.map((code) => option(code))}
          {option(ALL_ROLES, t('onboarding.role.allHint'))}
        </ul>
      )}
    </main>
  );
}
