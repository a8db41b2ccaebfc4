/**
 * The review schedule: the specification's intervals (default) or FSRS with a desired retention,
 * and the home time zone whose day is the schedule's day (one step per word a day). Each change is
 * saved to the learner's settings and refolds their words before the card says it is done.
 */
import { useId, useState } from 'react';
import { REVIEW_INTERVALS_DAYS } from '@/domain/constants';
import { learnedCount } from '@/domain/daily';
import { clampRetention, dayStartHourOf, FSRS_LEARNED_STABILITY_DAYS } from '@/domain/memory';
import {
  DAY_START_HOUR_MAX,
  DAY_START_HOUR_MIN,
  localeOf,
  RETENTION_OPTIONS,
  SCHEDULE_KINDS,
  type ScheduleKind,
} from '@/domain/settings-schema';
import { useLang, useLocalT } from '@/i18n';
import { schedule as texts } from '@/i18n/messages/schedule';
import { useUser } from '@/stores/auth-store';
import { deviceTimeZone } from '@/stores/device-zone';
import { readProgressSeries } from '@/stores/history-store';
import { useSettingsStore } from '@/stores/settings-store';
import { useWordsStore } from '@/stores/words-store';
import { useConfirm } from '@/ui/confirm';
import { ChoiceGroup } from './choice-group';
import { zoneLabel } from './zone-label';

const HOURS = Array.from(
  { length: DAY_START_HOUR_MAX - DAY_START_HOUR_MIN + 1 },
  (_, i) => DAY_START_HOUR_MIN + i,
);

/** The choices shown before their save lands. */
type Pending = { schedule?: ScheduleKind; retention?: number; dayStartHour?: number };

/** What was changed last, shown until the next change. */
type Outcome = { refolded: number } | null;

export function ScheduleCard({ apply }: { apply: (change: () => Promise<void>) => Promise<void> }) {
  const t = useLocalT(texts);
  const lang = useLang();
  const user = useUser();
  const settings = user?.settings;
  // A choice shows at once; the saved one takes over when the write (and the refold) lands.
  const [pending, setPending] = useState<Pending>({});
  const dayStartId = useId();
  const confirm = useConfirm();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const chosen: ScheduleKind =
    pending.schedule ?? (settings?.schedule === 'fsrs' ? 'fsrs' : 'standard');
  const retention = clampRetention(pending.retention ?? settings?.retention);
  const homeZone = settings?.homeZone;
  const dayStartHour = pending.dayStartHour ?? dayStartHourOf(settings);
  const device = deviceTimeZone();
  const locale = localeOf(lang);

  async function save(change: Pending, run: () => Promise<number | null>) {
    setPending((current) => ({ ...current, ...change }));
    setOutcome(null);
    const result: { refolded: number | null } = { refolded: null };
    await apply(async () => {
      result.refolded = await run();
    });
    if (result.refolded !== null) setOutcome({ refolded: result.refolded });
    // A later choice still in flight keeps showing.
    setPending((current) => {
      const next = { ...current };
      if (change.schedule !== undefined && current.schedule === change.schedule) {
        delete next.schedule;
      }
      if (change.retention !== undefined && current.retention === change.retention) {
        delete next.retention;
      }
      if (change.dayStartHour !== undefined && current.dayStartHour === change.dayStartHour) {
        delete next.dayStartHour;
      }
      return next;
    });
  }

  /**
   * Another schedule counts learned words by another rule: the learner is told beforehand what
   * the count becomes under it (the history folded the new way, off the page's thread, nothing
   * written) and why, and the switch waits for their yes.
   */
  async function chooseSchedule(value: ScheduleKind) {
    if (value === chosen) return;
    // The choice shows at once; a "no" takes it back.
    setPending((current) => ({ ...current, schedule: value }));
    if (user) {
      const before = learnedCount(useWordsStore.getState().words.values());
      let after: number | null = null;
      try {
        const series = await readProgressSeries(user.id, Date.now(), 1, {
          homeZone,
          schedule: value,
          retention,
          dayStartHour: settings?.dayStartHour,
        });
        after = series.learned.at(-1)?.learned ?? 0;
      } catch (error) {
        console.error('Counting the learned words under the other schedule failed', error);
      }
      // Nothing to tell when the count stays as it is.
      const same = after === before;
      const message =
        after === null
          ? t('switchUnknown')
          : t(value === 'fsrs' ? 'toFsrs' : 'toStandard', {
              before,
              after,
              days: FSRS_LEARNED_STABILITY_DAYS,
            });
      if (!same && !(await confirm({ message, confirmLabel: t('switchConfirm'), danger: false }))) {
        setPending(({ schedule: _taken, ...rest }) => rest);
        return;
      }
    }
    await save({ schedule: value }, () => useSettingsStore.getState().setSchedule(value));
  }

  const percent = new Intl.NumberFormat(lang, { style: 'percent' });

  return (
    <section className="card settings-card" aria-labelledby="schedule-title">
      <h2 id="schedule-title">{t('title')}</h2>
      <ChoiceGroup
        legend={t('title')}
        legendHidden
        hint={
          chosen === 'fsrs'
            ? t('fsrsHint', { days: FSRS_LEARNED_STABILITY_DAYS })
            : t('standardHint', { days: REVIEW_INTERVALS_DAYS.join(', ') })
        }
        name="schedule"
        value={chosen}
        options={SCHEDULE_KINDS.map((kind) => ({ value: kind, label: t(kind) }))}
        onChange={(value) => void chooseSchedule(value)}
      />
      {chosen === 'fsrs' ? (
        <ChoiceGroup
          legend={t('retention')}
          hint={t('retentionHint')}
          name="retention"
          value={String(retention)}
          options={RETENTION_OPTIONS.map((option) => ({
            value: String(option),
            label: percent.format(option),
          }))}
          onChange={(value) =>
            save({ retention: Number(value) }, () =>
              useSettingsStore.getState().setRetention(Number(value)),
            )
          }
        />
      ) : null}
      <div className="stack schedule-zone">
        <h3>{t('zoneTitle')}</h3>
        <p className="muted">
          {homeZone ? t('zone', { zone: zoneLabel(homeZone, locale) }) : t('zoneNone')}{' '}
          {t('zoneKeeps')}
        </p>
        {device && device !== homeZone ? (
          <div>
            <button
              type="button"
              className="btn"
              onClick={() => save({}, () => useSettingsStore.getState().setHomeZone(device))}
            >
              {t('useDevice', { zone: zoneLabel(device, locale) })}
            </button>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={dayStartId}>{t('dayStart')}</label>
          <select
            id={dayStartId}
            className="select"
            value={String(dayStartHour)}
            aria-describedby={`${dayStartId}-hint`}
            onChange={(event) => {
              const hour = Number(event.target.value);
              void save({ dayStartHour: hour }, () =>
                useSettingsStore.getState().setDayStartHour(hour),
              );
            }}
          >
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {`${String(hour).padStart(2, '0')}:00`}
              </option>
            ))}
          </select>
          <p id={`${dayStartId}-hint`} className="muted">
            {t('dayStartHint')}
          </p>
        </div>
      </div>
      <p className="muted schedule-outcome" role="status">
        {outcome ? t('refolded', { count: outcome.refolded }) : null}
      </p>
    </section>
  );
}
