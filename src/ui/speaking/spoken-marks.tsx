/** A reply heard and marked: the verdict, what was heard, and each word said, missed, wrong or extra. */
import type { RefObject } from 'react';
import type { MarkedWord, SpokenResult } from '@/domain/spoken';
import { useLang, useLocalT } from '@/i18n';
import { speaking } from '@/i18n/messages/speaking';

/** What was heard and each word of the reply, marked said, missed, wrong or extra. */
export function SpokenMarks({
  result,
  resultRef,
}: {
  result: SpokenResult;
  resultRef: RefObject<HTMLParagraphElement | null>;
}) {
  const t = useLocalT(speaking);
  const lang = useLang();
  const label = (word: MarkedWord) => {
    if (word.kind === 'extra') return t('extra', { heard: word.heard });
    switch (word.mark) {
      case 'said':
        return t('said');
      case 'missed':
        return t('missed');
      case 'wrong':
        return t('wrongWord', { heard: word.heard ?? '' });
      default:
        return t('dropped');
    }
  };
  return (
    <div className="speak-result">
      <p
        ref={resultRef}
        tabIndex={-1}
        className={`speak-verdict is-${result.pass ? 'success' : 'danger'}`}
      >
        <strong>
          {result.pass
            ? t('right')
            : t('wrong', {
                missed: result.missed.length,
                wrong: result.wrong.length,
                extra: result.extra.length,
              })}
        </strong>
      </p>
      <p className="speak-heard">{t('heard', { text: result.heard })}</p>
      <ol className="speak-words" aria-label={t('words')}>
        {result.words.map((word, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: one marking, never reordered
            key={index}
            className={`speak-word is-${word.kind === 'extra' ? 'extra' : word.mark}`}
          >
            {/* The word as shown, in English; its mark (✓, ✗, +, a strike) is drawn by the CSS. */}
            <span aria-hidden="true" lang="en">
              {word.kind === 'extra' ? word.heard : word.text}
            </span>
            {/* Read aloud: the English word, then its mark in the interface language. */}
            <span className="visually-hidden" lang={lang}>
              {word.kind === 'extra' ? (
                label(word)
              ) : (
                <>
                  <span lang="en">{word.text}</span>: {label(word)}
                </>
              )}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
