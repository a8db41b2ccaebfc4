/**
 * The built-in vocabulary's install as the screens show it: home says how far it is while the
 * rest of the app is already usable, and the screens that list words say so instead of "loading".
 * The components subscribe to the install themselves (a report re-renders the bar, not the screen
 * around it: on a first visit the reports arrive, a few a second, while home is shown).
 */
import { useEffect, useState } from 'react';
import { useT } from '@/i18n';

/** An install's progress. */
export interface VocabularyInstall {
  done: number;
  total: number;
}

/** Where the install's progress comes from (`vocabularyInstallSource` of stores/local-database). */
export interface InstallSource {
  subscribe(listener: () => void): () => void;
  /** The progress now (a stable object between reports), or null when no install runs. */
  current(): VocabularyInstall | null;
  /** What a page rendered ahead of time (the first visit's) shows. */
  firstVisit: VocabularyInstall | null;
}

/**
 * The install's progress, as state the component subscribes to in an effect, not as an external
 * store: a report arriving while React renders a screen in slices (the app's first render is
 * one) does not make React throw that work away and render it again in one blocking task, as a
 * store changing under a sliced render does. A bar a report behind for a frame is fine.
 */
function useInstall(source: InstallSource): VocabularyInstall | null {
  const [install, setInstall] = useState(() =>
    typeof window === 'undefined' ? source.firstVisit : source.current(),
  );
  useEffect(() => {
    setInstall(source.current());
    return source.subscribe(() => setInstall(source.current()));
  }, [source]);
  return install;
}

const percentOf = (install: VocabularyInstall) =>
  install.total > 0 ? Math.floor((install.done / install.total) * 100) : 0;

/** The bar and its figure for an install under way. */
function InstallBar({ install, note }: { install: VocabularyInstall; note: boolean }) {
  const t = useT();
  const percent = percentOf(install);
  const label = t('loading.vocabularyProgress', { percent });
  return (
    <div className="vocabulary-progress" role="status">
      <p>{label}</p>
      <progress max={100} value={percent} aria-label={label} />
      {note ? <p className="muted">{t('loading.vocabularyNote')}</p> : null}
    </div>
  );
}

/** A progress bar with its figure while the vocabulary installs; nothing otherwise. */
export function VocabularyProgress({
  source,
  note = false,
}: {
  source: InstallSource;
  note?: boolean;
}) {
  const install = useInstall(source);
  return install ? <InstallBar install={install} note={note} /> : null;
}

/** What a screen that lists words shows until they are loaded: the install's progress, if any. */
export function WordsLoading({
  source,
  label,
  className = 'muted',
}: {
  source: InstallSource;
  label: string;
  className?: string;
}) {
  const install = useInstall(source);
  if (install) return <InstallBar install={install} note={false} />;
  return (
    <p className={className} role="status">
      {label}
    </p>
  );
}
