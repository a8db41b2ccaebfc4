/** Home's shortcuts: links to a session's start and to each part of the app, as chips. */
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { type MessageKey, useT } from '@/i18n';
import {
  BookIcon,
  ChartIcon,
  CheckIcon,
  ListIcon,
  SailboatIcon,
  SettingsIcon,
  SpeakerIcon,
} from '@/ui/icons';

/** Home's shortcuts: where each goes, its icon and text; the exam is for signed-in learners. */
const SHORTCUTS = [
  { to: '/select-division', Icon: SailboatIcon, label: 'home.start', start: true },
  { to: '/dictionary', Icon: BookIcon, label: 'nav.dictionary' },
  { to: '/drills', Icon: SpeakerIcon, label: 'nav.drills' },
  { to: '/exam', Icon: CheckIcon, label: 'nav.exam', signedIn: true },
  { to: '/topics', Icon: ListIcon, label: 'nav.topics' },
  { to: '/progress', Icon: ChartIcon, label: 'nav.progress' },
  { to: '/settings', Icon: SettingsIcon, label: 'nav.settings' },
] as const satisfies readonly {
  to: string;
  Icon: unknown;
  label: MessageKey;
  start?: boolean;
  signedIn?: boolean;
}[];

/**
 * The shortcuts: memoised, since the links are the costliest part of home to render and do not
 * change when the figures do (a vocabulary that finishes loading, an answer synced).
 */
export const Shortcuts = memo(function Shortcuts({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  return (
    <nav aria-label={t('home.shortcuts')}>
      <ul className="chips home-shortcuts">
        {SHORTCUTS.filter((shortcut) => signedIn || !('signedIn' in shortcut)).map(
          ({ to, Icon, label, ...shortcut }) => (
            <li key={to}>
              <Link to={to} className={'start' in shortcut ? 'chip chip-start' : 'chip'}>
                <Icon width={18} height={18} />
                {t(label)}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
});
