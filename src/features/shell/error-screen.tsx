/** The render-error screen: the error text and its stack, with a way back. */
import { useT } from '@/i18n';

export function ErrorScreen({ error }: { error: unknown }) {
  const t = useT();
  const err = error instanceof Error ? error : new Error(String(error));
  return (
    <main className="center-screen" role="alert">
      <h1>{t('error.title')}</h1>
      <p>
        <strong>{err.message}</strong>
      </p>
      {err.stack ? <pre className="error-stack">{err.stack}</pre> : null}
      <div className="row">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
        <a className="btn" href="/">
          {t('error.home')}
        </a>
      </div>
    </main>
  );
}
