/**
 * What the page shows for the moment the application chunk loads: the splash's colours and
 * anchor (the splash follows), or the anchor and the Loading screen's spinner when the splash is
 * switched off. It carries no texts, so the start-up bundle carries no dictionary.
 */
import { AnchorIcon } from '@/ui/icons';
import { splashOff } from './splash-switch';

export function StartScreen() {
  return splashOff() ? (
    <div className="center-screen" aria-busy="true">
      <AnchorIcon className="start-logo" />
      <div className="spinner" aria-hidden="true" />
    </div>
  ) : (
    <div className="splash" aria-busy="true">
      <AnchorIcon className="splash-logo" />
    </div>
  );
}

/**
 * The application chunk could not be loaded (a broken cache, or a network that dropped during
 * the first visit). The dictionaries are in that chunk, so the text is given in both languages.
 */
export function StartFailed() {
  return (
    <main className="center-screen">
      <h1 lang="ru">Не удалось загрузить приложение</h1>
      <p lang="en">The app could not be loaded.</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        <span lang="ru">Перезагрузить</span> / <span lang="en">Reload</span>
      </button>
    </main>
  );
}
