/**
 * /settings: theme, language, daily goal and review schedule (each applied at once), export of the user's data
 * as JSON (a download plus a copyable text), import from pasted JSON, and log out.
 */

import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  DAILY_GOAL_DEFAULT,
  SETTINGS_DAILY_GOAL_OPTIONS,
  THEMES,
  UI_LANGUAGES,
} from '@/domain/settings-schema';
import { plural, useLang, useT } from '@/i18n';
import { signOutChecked, useUser } from '@/stores/auth-store';
import { useSettingsStore } from '@/stores/settings-store';
import { useToast } from '@/stores/toast-store';
import { useConfirm } from '@/ui/confirm';
import { ChoiceGroup } from './choice-group';
import { DataCard } from './data-card';
import { DeadLettersCard } from './dead-letters-card';
import { ScheduleCard } from './schedule-card';
import { SpeechCard } from './speech-card';
import { StorageCard } from './storage-card';
import { SyncCard } from './sync-card';
import './settings.css';

export function SettingsScreen() {
  const t = useT();
  const lang = useLang();
  const user = useUser();
  const theme = useSettingsStore((s) => s.theme);
  const toast = useToast();

  async function apply(change: () => Promise<void>) {
    try {
      await change();
    } catch (error) {
      console.error('Saving a setting failed', error);
      toast.show({ message: t('settings.saveFailed'), tone: 'error' });
    }
  }

  const navigate = useNavigate();
  const confirm = useConfirm();

  async function logout() {
    const ask = () => confirm({ message: t('nav.logoutOffline'), confirmLabel: t('nav.logout') });
    if (await signOutChecked(ask)) await navigate({ to: '/login' });
  }

  // The chosen goal shows at once; the saved one takes over when the write lands (or fails).
  const [pendingGoal, setPendingGoal] = useState<number | null>(null);
  const goal = pendingGoal ?? user?.settings.dailyGoal;

  async function chooseGoal(value: number) {
    setPendingGoal(value);
    await apply(() => useSettingsStore.getState().setDailyGoal(value));
    // A later choice still in flight keeps showing.
    setPendingGoal((pending) => (pending === value ? null : pending));
  }
  const goalLabel = (count: number) =>
    plural(lang, count, {
      one: t('settings.goalOption.one'),
      few: t('settings.goalOption.few'),
      many: t('settings.goalOption.many'),
      other: t('settings.goalOption.other'),
    });

  return (
    <main className="page settings">
      <div className="page-header">
        <h1>{t('settings.title')}</h1>
      </div>
      <div className="settings-grid">
        <section className="card settings-card" aria-labelledby="appearance-title">
          <h2 id="appearance-title">{t('settings.appearance')}</h2>
          <ChoiceGroup
            legend={t('settings.theme')}
            hint={t('settings.themeHint')}
            name="theme"
            value={theme}
            options={THEMES.map((value) => ({ value, label: t(`theme.${value}`) }))}
            onChange={(value) => apply(() => useSettingsStore.getState().setTheme(value))}
          />
          <ChoiceGroup
            legend={t('settings.lang')}
            name="lang"
            value={lang}
            // Each language is named in itself, whatever the interface language.
            options={UI_LANGUAGES.map(({ code, name }) => ({
              value: code,
              label: name,
              lang: code,
            }))}
            onChange={(value) => apply(() => useSettingsStore.getState().setLang(value))}
          />
        </section>

        <section className="card settings-card" aria-labelledby="goal-title">
          <h2 id="goal-title">{t('settings.goal')}</h2>
          <ChoiceGroup
            legend={t('settings.goal')}
            legendHidden
            hint={t('settings.goalHint')}
            name="daily-goal"
            columns={2}
            value={String(goal)}
            options={goalChoices(goal ?? DAILY_GOAL_DEFAULT).map((n) => ({
              value: String(n),
              label: goalLabel(n),
            }))}
            onChange={(value) => chooseGoal(Number(value))}
          />
        </section>

        <ScheduleCard apply={apply} />

        <DataCard />
        <DeadLettersCard />

        <SpeechCard />

        <SyncCard />

        <StorageCard />

        <section className="card settings-card" aria-labelledby="account-title">
          <h2 id="account-title">{t('settings.account')}</h2>
          {user ? (
            <p className="muted settings-email">
              {t('settings.signedInAs', { email: user.email })}
            </p>
          ) : null}
          <button type="button" className="btn btn-danger settings-logout" onClick={logout}>
            {t('nav.logout')}
          </button>
        </section>
      </div>
    </main>
  );
}

/**
 * The daily goals settings offers: 5, 10, 15 and 20, plus the user's own when it is another (37
 * chosen at registration, 8 in the profile), so it shows as chosen and can be kept.
 */
function goalChoices(goal: number): number[] {
  const choices: readonly number[] = SETTINGS_DAILY_GOAL_OPTIONS;
  return choices.includes(goal) ? [...choices] : [...choices, goal].sort((a, b) => a - b);
}
