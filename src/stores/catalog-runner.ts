/** For the screens: running a catalogue action with the alert of SPEC §8 when it fails. */
import { useCallback } from 'react';
import { type CatalogResult, INPUT_ERRORS } from '@/domain/catalog';
import { type MessageKey, useT } from '@/i18n';
import { catalogErrorKey } from './catalog-messages';
import { useToast } from './toast-store';

/** What a screen gets back: the result, or an input error to show next to the field. */
export type CatalogOutcome<T> =
  | { ok: true; value: T; created: boolean }
  | { ok: false; message: string }
  | null;

/**
 * `run(action, failure)`: runs a catalogue action. An input error comes back with its text for
 * the form; any other failure shows `failure` (the SPEC alert, e.g. 'Failed to add division') as
 * an error toast, with the reason as its title, and gives null.
 */
export function useCatalogRunner() {
  const t = useT();
  const toast = useToast();
  return useCallback(
    async <T>(
      action: () => Promise<CatalogResult<T>>,
      failure: MessageKey,
    ): Promise<CatalogOutcome<T>> => {
      try {
        const result = await action();
        if (result.ok) return result;
        if (INPUT_ERRORS.includes(result.code)) {
          return { ok: false, message: t(catalogErrorKey(result.code)) };
        }
        toast.show({ tone: 'error', message: t(failure), title: t(catalogErrorKey(result.code)) });
        return null;
      } catch (error) {
        console.error(error);
        toast.show({ tone: 'error', message: t(failure) });
        return null;
      }
    },
    [t, toast],
  );
}
