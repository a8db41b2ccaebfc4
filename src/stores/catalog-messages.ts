/**
 * What the screens say about the catalogue's actions: the text key of each reason an action was
 * refused, and the figures of a bulk import's result.
 */
import type { BulkImportOutcome, CatalogErrorCode } from '@/domain/catalog';
import type { MessageKey } from '@/i18n';

const ERROR_KEYS: Readonly<Record<CatalogErrorCode, MessageKey>> = {
  'division-name-empty': 'catalog.error.divisionNameEmpty',
  'topic-name-empty': 'catalog.error.topicNameEmpty',
  'role-name-empty': 'catalog.error.roleNameEmpty',
  'word-sides-required': 'catalog.error.wordSidesRequired',
  'name-too-long': 'catalog.error.nameTooLong',
  'word-too-long': 'catalog.error.wordTooLong',
  'name-taken': 'catalog.error.nameTaken',
  'role-name-reserved': 'catalog.error.roleNameReserved',
  'duplicate-word': 'catalog.error.duplicateWord',
  'import-too-large': 'catalog.error.importTooLarge',
  forbidden: 'catalog.error.forbidden',
  'not-found': 'catalog.error.notFound',
};

export const catalogErrorKey = (code: CatalogErrorCode): MessageKey => ERROR_KEYS[code];

/**
 * The figures of `dictionary.bulkResult`: words added, words already there (a repeated import
 * adds none, and says so), and rows not imported.
 */
export function bulkResultParams(outcome: BulkImportOutcome): {
  added: number;
  existing: number;
  skipped: number;
} {
  return {
    added: outcome.added,
    existing: outcome.duplicates,
    skipped: outcome.problems.length,
  };
}
