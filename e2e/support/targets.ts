/**
 * Touch targets: every control a finger can hit is at least 44 x 44 CSS px (WCAG 2.5.5; crew use
 * phones with wet or gloved hands). A check box or radio button is hit through its label; a link
 * inside a sentence is exempt, as WCAG exempts inline targets.
 */
import type { Page } from '@playwright/test';

export const MIN_TARGET_PX = 44;

/** The controls on screen smaller than MIN_TARGET_PX either way, described for a failure. */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="tab"]',
    ].join(',');
    const inSentence = (element: Element) =>
      getComputedStyle(element).display === 'inline' &&
      [...(element.parentElement?.childNodes ?? [])].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
    const small: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      if (element.closest('[aria-hidden="true"], [inert], .splash')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const input = element instanceof HTMLInputElement ? element : null;
      const hit =
        input && (input.type === 'checkbox' || input.type === 'radio') && input.labels?.[0]
          ? input.labels[0]
          : element;
      const box = hit.getBoundingClientRect();
      // Not drawn, or off screen until focused (the skip link).
      if ((box.width === 0 && box.height === 0) || box.bottom <= 0) continue;
      if (element.tagName === 'A' && inSentence(element)) continue;
      if (box.width < min || box.height < min) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
        small.push(
          `${element.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
      }
    }
    return small;
  }, MIN_TARGET_PX);
}
