/**
 * The progress charts, drawn from the answer history in plain SVG: answers per day (30 days,
 * right and wrong), learned words over time, the review forecast (14 days) and accuracy per
 * topic. Each chart has a text summary (its accessible name) and a table for screen readers
 * and for reading exact figures. Colours come from the theme's custom properties.
 */
import { useId, useMemo } from 'react';
import { foldRulesFor, isTimeZone } from '@/domain/memory';
import { accuracyByTopic, reviewForecast } from '@/domain/progress-charts';
import type { UserWord, VocabItem } from '@/domain/types';
import { useLang, useLocalT } from '@/i18n';
import { charts } from '@/i18n/messages/charts';
import { useUser } from '@/stores/auth-store';
import type { ProgressSeries } from '@/stores/history-store';
import { useTopicLabel } from '@/ui/topic-name';
import { Bars, ChartCard, Line } from './chart-parts';

interface Props {
  /** The history's series (null while the screen reads them: the rest shows meanwhile). */
  series: ProgressSeries | null;
  /** The series are of an earlier history or study day: newer ones are being worked out. */
  updating?: boolean;
  words: ReadonlyMap<string, UserWord>;
  /** The vocabulary by id (the screen's, made once for its lists too). */
  byId: ReadonlyMap<string, VocabItem>;
}

export function ProgressCharts({ series, updating = false, words, byId }: Props) {
  const t = useLocalT(charts);
  const lang = useLang();
  const settings = useUser()?.settings;
  const homeZone = settings?.homeZone;
  const dayStartHour = settings?.dayStartHour;

  const figures = useMemo(() => {
    if (!series) return null;
    const now = Date.now();
    return {
      answers: series.answers,
      learned: series.learned,
      forecast: reviewForecast(
        words.values(),
        now,
        undefined,
        foldRulesFor({ homeZone, dayStartHour }),
      ),
      topics: accuracyByTopic(words.values(), byId),
    };
  }, [series, words, byId, homeZone, dayStartHour]);

  // A day is named by its date in the home zone, where it begins.
  const dayLabel = useMemo(() => {
    const format = new Intl.DateTimeFormat(lang, {
      day: 'numeric',
      month: 'short',
      timeZone: homeZone && isTimeZone(homeZone) ? homeZone : undefined,
    });
    return (day: number) => format.format(day);
  }, [lang, homeZone]);

  if (!figures) {
    return (
      <p className="muted" role="status">
        {t('charts.loading')}
      </p>
    );
  }
  const right = figures.answers.reduce((sum, d) => sum + d.right, 0);
  const wrong = figures.answers.reduce((sum, d) => sum + d.wrong, 0);
  // Shown over figures of an earlier history or study day until the new ones come.
  const status = updating ? (
    <p className="muted charts-updating" role="status">
      {t('charts.updating')}
    </p>
  ) : null;
  if (series?.entries === 0) {
    return (
      <section className="card chart-card" aria-labelledby="charts-title">
        <h2 id="charts-title">{t('charts.title')}</h2>
        {status}
        <p className="muted">{t('charts.empty')}</p>
      </section>
    );
  }
  const learnedFirst = figures.learned[0]?.learned ?? 0;
  const learnedLast = figures.learned.at(-1)?.learned ?? 0;
  const forecastTotal = figures.forecast.reduce((sum, d) => sum + d.due, 0);

  return (
    <div className="progress-charts">
      {status}
      <ChartCard
        title="charts.answers.title"
        label={t('charts.answers.aria', { count: right + wrong, right, wrong })}
        chart={
          <Bars
            values={figures.answers.map((d) => [d.right, d.wrong])}
            classes={['bar-right', 'bar-wrong']}
            first={dayLabel(figures.answers[0]?.day ?? 0)}
            last={dayLabel(figures.answers.at(-1)?.day ?? 0)}
          />
        }
        legend={[
          ['bar-right', t('charts.right')],
          ['bar-wrong', t('charts.wrong')],
        ]}
        head={[t('charts.day'), t('charts.right'), t('charts.wrong')]}
        rows={figures.answers
          .filter((d) => d.right + d.wrong > 0)
          .map((d) => [dayLabel(d.day), d.right, d.wrong])}
      >
        <p className="chart-total" data-testid="answers-total">
          {t('charts.answers.total', { count: right + wrong, right, wrong })}
        </p>
      </ChartCard>

      <ChartCard
        title="charts.learned.title"
        label={t('charts.learned.aria', { from: learnedFirst, to: learnedLast })}
        chart={
          <Line
            values={figures.learned.map((d) => d.learned)}
            first={dayLabel(figures.learned[0]?.day ?? 0)}
            last={dayLabel(figures.learned.at(-1)?.day ?? 0)}
          />
        }
        head={[t('charts.day'), t('charts.learned.count')]}
        rows={figures.learned.map((d) => [dayLabel(d.day), d.learned])}
      />

      <ChartCard
        title="charts.forecast.title"
        label={t('charts.forecast.aria', {
          count: forecastTotal,
          today: figures.forecast[0]?.due ?? 0,
        })}
        chart={
          <Bars
            values={figures.forecast.map((d) => [d.due])}
            classes={['bar-due']}
            first={dayLabel(figures.forecast[0]?.day ?? 0)}
            last={dayLabel(figures.forecast.at(-1)?.day ?? 0)}
          />
        }
        head={[t('charts.day'), t('charts.forecast.due')]}
        rows={figures.forecast.map((d) => [dayLabel(d.day), d.due])}
      />

      {figures.topics.length > 0 ? (
        <TopicCard
          topics={figures.topics.map((topic) => ({
            ...topic,
            percent: Math.round(topic.accuracy * 100),
          }))}
        />
      ) : null}
    </div>
  );
}

/**
 * Accuracy per topic as labelled horizontal bars (text first, so it reads without the bars), each
 * topic named in the interface language.
 */
export function TopicCard({
  topics,
}: {
  topics: { topic: string; attempts: number; percent: number }[];
}) {
  const t = useLocalT(charts);
  const label = useTopicLabel();
  const id = useId();
  return (
    <section className="card chart-card" aria-labelledby={id}>
      <h2 id={id}>{t('charts.topics.title')}</h2>
      <ul className="topic-accuracy">
        {topics.map((topic) => (
          <li key={topic.topic}>
            <span className="visually-hidden">
              {t('charts.topics.row', {
                topic: label(topic.topic),
                percent: topic.percent,
                count: topic.attempts,
              })}
            </span>
            <span className="topic-accuracy-text" aria-hidden="true">
              <span>{label(topic.topic)}</span>
              <span>
                {topic.percent} % · {topic.attempts}
              </span>
            </span>
            <span className="topic-accuracy-bar" aria-hidden="true">
              <span style={{ width: `${topic.percent}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
