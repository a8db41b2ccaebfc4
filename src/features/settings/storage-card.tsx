/**
 * Storage on this device: whether the browser may clear the data, how much is used, a button to
 * ask for protection again, and on iOS in Safari the warning that only the Home Screen app keeps
 * its data.
 */
import { useEffect } from 'react';
import type { UiLang } from '@/domain/types';
import { useLang, useT } from '@/i18n';
import { useStorageStore } from '@/stores/storage-store';

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** '1,2 МБ', '2 ГБ', '350 KB'. */
export function formatBytes(lang: UiLang, bytes: number): string {
  const [value, unit] =
    bytes >= GB
      ? [bytes / GB, 'gigabyte']
      : bytes >= MB
        ? [bytes / MB, 'megabyte']
        : [bytes / 1024, 'kilobyte'];
  return new Intl.NumberFormat(lang, {
    style: 'unit',
    unit,
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/** iPhone or iPad (iPadOS says Macintosh but has touch), in the browser rather than installed. */
function iosBrowser(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ios =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  const installed =
    (navigator as { standalone?: boolean }).standalone === true ||
    window.matchMedia?.('(display-mode: standalone)').matches === true;
  return ios && !installed;
}

export function StorageCard() {
  const t = useT();
  const lang = useLang();
  const { persisted, usage, quota } = useStorageStore();

  useEffect(() => {
    void useStorageStore.getState().refresh();
  }, []);

  async function protect() {
    await useStorageStore.getState().requestPersistence(true);
    await useStorageStore.getState().refresh();
  }

  return (
    <section className="card settings-card" aria-labelledby="storage-title">
      <h2 id="storage-title">{t('settings.storage.title')}</h2>
      <p className="muted">
        {persisted === true
          ? t('settings.storage.persistent')
          : persisted === false
            ? t('settings.storage.notPersistent')
            : t('settings.storage.unknown')}
      </p>
      {usage !== null && quota !== null ? (
        <p>
          {t('settings.storage.usage', {
            used: formatBytes(lang, usage),
            quota: formatBytes(lang, quota),
          })}
        </p>
      ) : null}
      {persisted === false ? (
        <button type="button" className="btn" onClick={protect}>
          {t('settings.storage.protect')}
        </button>
      ) : null}
      {iosBrowser() ? (
        <p role="note">
          <strong>{t('settings.storage.ios')}</strong>
        </p>
      ) : null}
    </section>
  );
}
