/** A drill's turns as said, and the read-back of the whole exchange at its end. */

import { Link } from '@tanstack/react-router';
import type { RefObject } from 'react';
import type { Drill, DrillTurn } from '@/domain/drills';
import { inLanguage } from '@/domain/types';
import { useLang, useT } from '@/i18n';
import { useCanSpeak, useSpeechStore } from '@/stores/speech-store';
import { ListenButton } from '@/ui/listen-button';

/** One turn as said: the station, the English, and its Russian on request. */
export function TurnLine({
  turn,
  onListen,
  open = false,
}: {
  turn: DrillTurn;
  onListen?: (turns: readonly DrillTurn[]) => void;
  open?: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const own = turn.station === 'self';
  return (
    <li className={`drill-turn is-${own ? 'self' : 'other'}`}>
      <p className="drill-turn-speaker">
        {own
          ? `${t('drills.you')} · ${inLanguage(turn.speaker, lang)}`
          : inLanguage(turn.speaker, lang)}
      </p>
      <div className="drill-turn-body">
        <p className="drill-turn-en" lang="en">
          {turn.en}
        </p>
        {onListen ? (
          <ListenButton
            label={t('drills.listen', { text: turn.en })}
            onListen={() => onListen([turn])}
            className="drill-turn-listen"
          />
        ) : null}
      </div>
      {open ? (
        <p className="drill-turn-ru muted" lang="ru">
          {turn.ru}
        </p>
      ) : (
        <details className="drill-turn-translation">
          <summary>{t('drills.translation')}</summary>
          <p lang="ru">{turn.ru}</p>
        </details>
      )}
    </li>
  );
}

interface ReadBackProps {
  drill: Drill;
  right: number;
  of: number;
  endRef: RefObject<HTMLHeadingElement | null>;
  onAgain: () => void;
}

/** The end: the whole exchange read back, the result, and what next. */
export function ReadBack({ drill, right, of, endRef, onAgain }: ReadBackProps) {
  const t = useT();
  const canSpeak = useCanSpeak();
  const speakAll = useSpeechStore((s) => s.speakAll);
  return (
    <section className="drill-readback" aria-labelledby="drill-readback-title">
      <h2 id="drill-readback-title" ref={endRef} tabIndex={-1}>
        {t('drills.readBack')}
      </h2>
      <p className="drill-result" role="status">
        {t('drills.result', { right, of })}
      </p>
      <p className="muted">{t('drills.readBackIntro')}</p>
      {canSpeak ? (
        <ListenButton
          label={t('drills.listenAll')}
          onListen={() => speakAll(drill.turns.map((turn) => turn.en))}
          className="drill-listen-all"
          showLabel
        />
      ) : null}
      <ol className="drill-transcript">
        {drill.turns.map((turn, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the turns of a drill never move
          <TurnLine key={index} turn={turn} open />
        ))}
      </ol>
      <div className="drill-end-actions">
        <button type="button" className="btn btn-primary" onClick={onAgain}>
          {t('drills.again')}
        </button>
        <Link to="/drills" className="btn">
          {t('drills.back')}
        </Link>
      </div>
    </section>
  );
}
