/**
 * The pages of a long list (a fleet's crew, its vessels): the previous and next page, a page
 * picked by number, and which items are shown. Shown only when there is more than one page. The
 * buttons at either end stay focusable (aria-disabled, not disabled), so a keyboard user paging
 * to the end does not lose their place.
 */
import { useId } from 'react';
import type { Page } from '@/domain/fleet-dashboard';
import { type MessageKey, useT } from '@/i18n';

export function Pager({
  page,
  total,
  size,
  range,
  onPage,
}: {
  page: Pick<Page<unknown>, 'page' | 'pages' | 'first'>;
  /** How many items in all. */
  total: number;
  /** Items on a full page. */
  size: number;
  /** The text of the items shown: `{first}`, `{last}`, `{total}`. */
  range: MessageKey;
  onPage: (page: number) => void;
}) {
  const t = useT();
  const id = useId();
  if (page.pages <= 1) return null;
  const last = Math.min(total, page.first + size);
  const atStart = page.page === 0;
  const atEnd = page.page === page.pages - 1;
  return (
    <nav className="fleet-pager" aria-label={t('fleet.pager')}>
      <button
        type="button"
        className="btn"
        aria-disabled={atStart || undefined}
        onClick={() => {
          if (!atStart) onPage(page.page - 1);
        }}
      >
        <span aria-hidden="true">‹ </span>
        {t('fleet.page.prev')}
      </button>
      <span className="fleet-pager-pick">
        <label htmlFor={`${id}-page`}>{t('fleet.page.select')}</label>
        <select
          id={`${id}-page`}
          className="input"
          value={page.page}
          onChange={(event) => onPage(Number(event.target.value))}
        >
          {Array.from({ length: page.pages }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: pages are positions.
            <option key={index} value={index}>
              {t('fleet.page.option', { page: index + 1, pages: page.pages })}
            </option>
          ))}
        </select>
      </span>
      <button
        type="button"
        className="btn"
        aria-disabled={atEnd || undefined}
        onClick={() => {
          if (!atEnd) onPage(page.page + 1);
        }}
      >
        {t('fleet.page.next')}
        <span aria-hidden="true"> ›</span>
      </button>
      <p className="muted fleet-pager-range" role="status">
        {t(range, { first: page.first + 1, last, total })}
      </p>
    </nav>
  );
}
