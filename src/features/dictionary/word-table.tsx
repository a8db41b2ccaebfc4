/** The dictionary table: RU, EN, Roles, Status (the learned toggle), and edit/delete where allowed. */

import { memo } from 'react';
import { canEditWord } from '@/domain/permissions';
import { roleLabel } from '@/domain/roles';
import type { UiLang, User, VocabItem } from '@/domain/types';
import { useLang, useT } from '@/i18n';
import { ListenButton } from '@/ui/listen-button';

interface WordTableProps {
  words: readonly VocabItem[];
  learned: ReadonlySet<string>;
  user: User | null;
  onLearned: (word: VocabItem, on: boolean) => void;
  onEdit: (word: VocabItem) => void;
  onDelete: (word: VocabItem) => void;
  /** Speaks a word's English; absent where the device has no English voice. */
  onListen?: (word: VocabItem) => void;
}

export function WordTable({
  words,
  learned,
  user,
  onLearned,
  onEdit,
  onDelete,
  onListen,
}: WordTableProps) {
  const t = useT();
  const lang = useLang();
  const withActions = words.some((word) => canEditWord(user, word));
  return (
    <div className="table-wrap word-table-wrap">
      <table className="word-table">
        <thead>
          <tr>
            <th scope="col">{t('dictionary.col.ru')}</th>
            <th scope="col">{t('dictionary.col.en')}</th>
            <th scope="col">{t('dictionary.col.roles')}</th>
            <th scope="col">{t('dictionary.col.status')}</th>
            {withActions ? (
              <th scope="col">
                <span className="visually-hidden">{t('dictionary.col.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {words.map((word) => (
            <WordRow
              key={word.id}
              word={word}
              lang={lang}
              learned={learned.has(word.id)}
              editable={canEditWord(user, word)}
              withActions={withActions}
              onLearned={onLearned}
              onEdit={onEdit}
              onDelete={onDelete}
              onListen={onListen}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface WordRowProps {
  word: VocabItem;
  lang: UiLang;
  learned: boolean;
  editable: boolean;
  withActions: boolean;
  onLearned: WordTableProps['onLearned'];
  onEdit: WordTableProps['onEdit'];
  onDelete: WordTableProps['onDelete'];
  onListen: WordTableProps['onListen'];
}

// Rows re-render only when their own word or mark changes: the table stays quick with thousands.
const WordRow = memo(function WordRow({
  word,
  lang,
  learned,
  editable,
  withActions,
  onLearned,
  onEdit,
  onDelete,
  onListen,
}: WordRowProps) {
  const t = useT();
  const roles = word.roles ?? [];
  return (
    <tr>
      <td className="dict-ru" lang="ru">
        {word.langA}
      </td>
      <td className="dict-en">
        <span className="dict-en-line">
          <span lang="en">{word.langB}</span>
          {onListen ? (
            <ListenButton
              label={t('speech.listen', { text: word.langB })}
              onListen={() => onListen(word)}
              className="dict-listen"
            />
          ) : null}
        </span>
        {word.alt && word.alt.length > 0 ? (
          <span className="dict-alt" lang="en">
            {t('dictionary.alt', { words: word.alt.join(', ') })}
          </span>
        ) : null}
        {word.ref ? (
          <span className="dict-ref" title={word.note}>
            {word.ref}
          </span>
        ) : null}
      </td>
      <td className="word-roles">
        {roles.length === 0 ? (
          <span className="muted">{t('dictionary.everyone')}</span>
        ) : (
          <span className="word-role-list">
            {roles.map((role) => (
              <span key={role} className="badge">
                {roleLabel(role, lang)}
              </span>
            ))}
          </span>
        )}
      </td>
      <td className="word-status">
        <label className={learned ? 'learned-toggle is-on' : 'learned-toggle'}>
          <input
            type="checkbox"
            checked={learned}
            aria-label={t('dictionary.learnedLabel', { word: word.langA })}
            onChange={(e) => onLearned(word, e.target.checked)}
          />
          <span aria-hidden="true">{t('dictionary.learned')}</span>
        </label>
      </td>
      {withActions ? (
        <td className="word-actions">
          {editable ? (
            <span className="word-action-buttons">
              <button
                type="button"
                className="btn btn-small"
                aria-label={t('dictionary.editLabel', { word: word.langA })}
                onClick={() => onEdit(word)}
              >
                {t('common.edit')}
              </button>
              <button
                type="button"
                className="btn btn-small btn-danger"
                aria-label={t('dictionary.deleteLabel', { word: word.langA })}
                onClick={() => onDelete(word)}
              >
                {t('common.delete')}
              </button>
            </span>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
});
