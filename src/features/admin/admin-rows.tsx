/** The rows of the admin screen's three lists: a division, a role, a topic with its tick. */
import type { Division } from '@/domain/types';
import { useT } from '@/i18n';
import { DivisionIcon } from '@/ui/icons';
import { RowButtons } from './admin-parts';

interface RowActions {
  onRename: () => void;
  onDelete: () => void;
}

interface DivisionRowProps extends RowActions {
  division: Division;
  /** The name shown: a built-in division's in the interface language. */
  label: string;
  selected: boolean;
  onSelect: () => void;
}

export function DivisionRow({
  division,
  label,
  selected,
  onSelect,
  onRename,
  onDelete,
}: DivisionRowProps) {
  return (
    <li className="admin-row">
      <button type="button" className="admin-select" aria-pressed={selected} onClick={onSelect}>
        <DivisionIcon division={division.id} width={20} height={20} />
        <span className="admin-name">{label}</span>
      </button>
      <RowButtons name={label} onRename={onRename} onDelete={onDelete} />
    </li>
  );
}

interface RoleRowProps extends RowActions {
  /** The role as stored (its code for a built-in role). */
  name: string;
  /** The name shown: a built-in role's in the interface language. */
  label: string;
  selected: boolean;
  onSelect: () => void;
}

export function RoleRow({ name, label, selected, onSelect, onRename, onDelete }: RoleRowProps) {
  return (
    <li className="admin-row">
      <button type="button" className="admin-select" aria-pressed={selected} onClick={onSelect}>
        <span className="admin-name">{label}</span>
        {label !== name ? (
          <span className="admin-code" aria-hidden="true">
            {name}
          </span>
        ) : null}
      </button>
      <RowButtons name={label} onRename={onRename} onDelete={onDelete} />
    </li>
  );
}

interface TopicRowProps extends RowActions {
  /** The name shown: a built-in topic's in the interface language. */
  label: string;
  words: number;
  /** A topic assigned to no role is studied by every role. */
  forEveryone: boolean;
  /** With a role chosen, the tick that assigns the topic to it. */
  tick: { assigned: boolean; onAssign: (on: boolean) => void } | null;
}

export function TopicRow({ label, words, forEveryone, tick, onRename, onDelete }: TopicRowProps) {
  const t = useT();
  return (
    <li className="admin-row">
      <div className="admin-topic">
        {tick ? (
          <label className="check admin-topic-check">
            <input
              type="checkbox"
              checked={tick.assigned}
              onChange={(e) => tick.onAssign(e.target.checked)}
            />
            <span className="admin-name">{label}</span>
          </label>
        ) : (
          <span className="admin-name">{label}</span>
        )}
        <span className="admin-meta">
          {t('admin.wordCount', { count: words })}
          {forEveryone ? <span className="badge">{t('admin.forEveryone')}</span> : null}
        </span>
      </div>
      <RowButtons name={label} onRename={onRename} onDelete={onDelete} />
    </li>
  );
}
