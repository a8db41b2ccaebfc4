/** How a division is named on every screen (one rule, so a renamed division reads the same everywhere). */
import { CATALOGUE_DIVISIONS } from '@/domain/constants';
import type { Division, DivisionId } from '@/domain/types';
import type { MessageKey, Translate } from '@/i18n';

/**
 * A built-in division (or the common core) still carrying its id as name gets its translated
 * label (Палуба, Машина...); a renamed or admin-made one shows its name; an id the catalogue does
 * not hold shows the translated label when it is a built-in id, else the id itself.
 */
export function divisionLabel(
  t: Translate,
  id: DivisionId,
  divisions: readonly Division[] = [],
): string {
  const stored = divisions.find((division) => division.id === id);
  if (stored && stored.name !== stored.id) return stored.name;
  if (CATALOGUE_DIVISIONS.includes(id)) return t(`division.${id}` as MessageKey);
  return stored?.name ?? id;
}
