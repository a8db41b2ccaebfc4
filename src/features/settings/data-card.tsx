/** The settings' data card: export (a download and a read-only copy), import from pasted JSON. */
import { type FormEvent, useRef, useState } from 'react';
import { isAuthError } from '@/auth/auth-provider';
import { DAY_MS } from '@/domain/constants';
import { STAMP_LEAD_MS } from '@/domain/hlc';
import { importedUser, parseExportJson } from '@/domain/validation';
import { useLocalT, useT } from '@/i18n';
import { deadLetters } from '@/i18n/messages/dead-letters';
import { useAuthStore, useUser } from '@/stores/auth-store';
import { readHistory } from '@/stores/history-store';
import { useSettingsStore } from '@/stores/settings-store';
import { useToast } from '@/stores/toast-store';
import { useWordsStore } from '@/stores/words-store';
import { buildExport, exportFileName, exportJson } from './export';

/** How far ahead of this device an imported entry may be dated (the clock bound), in days. */
const IMPORT_LEAD_DAYS = STAMP_LEAD_MS / DAY_MS;

type ImportResult = { ok: true; text: string } | { ok: false; text: string };

export function DataCard() {
  const t = useT();
  const setAside = useLocalT(deadLetters);
  const rejectedText = (params: { count: number }) => setAside('importRejected', params);
  const toast = useToast();
  const user = useUser();
  const words = useWordsStore((s) => s.words);
  const [exported, setExported] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [result, setResult] = useState<ImportResult | null>(null);
  const [importing, setImporting] = useState(false);
  const exportRef = useRef<HTMLTextAreaElement>(null);

  async function exportData() {
    if (!user) return;
    const history = await readHistory(user.id);
    const text = exportJson(buildExport(user, words.values(), history));
    setExported(text);
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(Date.now());
    document.body.append(link);
    link.click();
    link.remove();
    // Revoke later: some browsers start the download only after the click handler returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  async function copy() {
    if (exported === null) return;
    try {
      await navigator.clipboard.writeText(exported);
      toast.show({ message: t('settings.copied'), tone: 'success' });
    } catch {
      exportRef.current?.select();
      toast.show({ message: t('settings.copyFailed'), tone: 'error' });
    }
  }

  async function importData(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const parsed = parseExportJson(pasted);
    // The user part is checked before anything is written: a bad field refuses the whole file.
    const userPart = parsed.ok ? importedUser(parsed.value.user) : null;
    if (!parsed.ok || !userPart) {
      // The pasted text stays in the field so it can be corrected.
      setResult({ ok: false, text: t('settings.invalidJson') });
      return;
    }
    setImporting(true);
    let recordsIn = false;
    try {
      const report = await useWordsStore.getState().importProgress(parsed.value);
      recordsIn = true;
      // The settings and name of the file (never its id, e-mail, password or admin flag).
      const auth = useAuthStore.getState();
      if (Object.keys(userPart.settings).length > 0) {
        // New schedule settings refold the words (the file's history included) under them.
        await useSettingsStore.getState().saveSettings(userPart.settings);
        const { theme, uiLang } = userPart.settings;
        if (theme) await useSettingsStore.getState().setTheme(theme);
        if (uiLang) await useSettingsStore.getState().setLang(uiLang);
      }
      let nameLeft = false;
      if (userPart.fullName !== undefined) {
        try {
          await auth.updateName(userPart.fullName);
        } catch (error) {
          // The cloud edition changes a name only online: the rest of the file is in.
          if (!isAuthError(error) || error.code !== 'network-request-failed') throw error;
          nameLeft = true;
        }
      }
      const parts = [t('settings.imported', { count: report.added })];
      if (report.rejected > 0) {
        // The refused dates are a part of the records refused: said in the same sentence group.
        const future =
          report.future > 0
            ? ` ${setAside('importFuture', { count: report.future, days: IMPORT_LEAD_DAYS })}`
            : '';
        parts.push(`${rejectedText({ count: report.rejected })}${future}`);
      }
      if (nameLeft) parts.push(t('profile.nameNeedsNetwork'));
      const clean = report.rejected === 0 && !nameLeft;
      setResult({ ok: clean, text: parts.join('. ') });
      if (report.rejected === 0) setPasted('');
    } catch (error) {
      console.error('Import failed', error);
      // The records land whole or not at all (one transaction); the name and settings after them.
      const full = error instanceof DOMException && error.name === 'QuotaExceededError';
      const key = recordsIn
        ? 'settings.importUserFailed'
        : full
          ? 'settings.importFull'
          : 'settings.importFailed';
      setResult({ ok: false, text: t(key) });
    } finally {
      setImporting(false);
    }
  }

  return (
    <section className="card settings-card settings-data" aria-labelledby="data-title">
      <h2 id="data-title">{t('settings.data')}</h2>
      <div className="data-columns">
        <div className="stack">
          <h3>{t('settings.export')}</h3>
          <p className="muted">{t('settings.exportHint')}</p>
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={exportData}>
              {t('settings.exportButton')}
            </button>
            {exported !== null ? (
              <button type="button" className="btn" onClick={copy}>
                {t('settings.copy')}
              </button>
            ) : null}
          </div>
          {exported !== null ? (
            <div className="field">
              <label htmlFor="export-text">{t('settings.exportText')}</label>
              <textarea
                id="export-text"
                ref={exportRef}
                className="textarea data-text"
                readOnly
                value={exported}
                onFocus={(event) => event.currentTarget.select()}
              />
            </div>
          ) : null}
        </div>
        <form className="stack" onSubmit={importData} noValidate>
          <h3>{t('settings.import')}</h3>
          <p className="muted">{t('settings.importHint')}</p>
          <div className="field">
            <label htmlFor="import-text">{t('settings.importLabel')}</label>
            <textarea
              id="import-text"
              className="textarea data-text"
              value={pasted}
              spellCheck={false}
              aria-invalid={result?.ok === false ? true : undefined}
              aria-describedby={result ? 'import-result' : undefined}
              onChange={(event) => setPasted(event.target.value)}
            />
          </div>
          <div>
            <button type="submit" className="btn btn-primary" disabled={importing}>
              {t('settings.importButton')}
            </button>
          </div>
          {result ? (
            <p
              id="import-result"
              className={result.ok ? 'form-success' : 'form-error'}
              role={result.ok ? 'status' : 'alert'}
            >
              {result.text}
            </p>
          ) : null}
        </form>
      </div>
    </section>
  );
}
