/**
 * The built-in vocabulary's install as the screens show it: home says how far it is while the
 * rest of the app is already usable, and the screens that list words say so instead of "loading".
 */
import { useT } from '@/i18n';

/** An install's progress (`useVocabularyInstall` of stores/local-database gives it). */
export interface VocabularyInstall {
  done: number;
  total: number;
}

const percentOf = (install: VocabularyInstall) =>
  install.total > 0 ? Math.floor((install.done / install.total) * 100) : 0;

/** A progress bar with its figure while the vocabulary installs; nothing otherwise. */
export function VocabularyProgress({
  install,
  note = false,
}: {
  install: VocabularyInstall | null;
  note?: boolean;
}) {
  const t = useT();
  if (!install) return null;
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

/** What a screen that lists words shows until they are loaded: the install's progress, if any. */
export function WordsLoading({
  install,
  label,
  className = 'muted',
}: {
  install: VocabularyInstall | null;
  label: string;
  className?: string;
}) {
  if (install) return <VocabularyProgress install={install} />;
  return (
    <p className={className} role="status">
      {label}
    </p>
  );
}
