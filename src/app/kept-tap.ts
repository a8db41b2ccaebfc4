/**
 * A tap on the picture of home, kept and replayed. index.html's script paints the picture inert
 * (it is not the screen) but keeps the last tap on one of its links or buttons in the picture's
 * `data-tap`: the element's kind, address (a link's `href`), text and rank among the picture's
 * elements of that name. When the live home takes the picture's place, the same element of the
 * live screen is clicked, so a tap made while the app loads is answered rather than lost.
 */

/** A kept tap, as index.html's script writes it (the same names: `nameOf` there). */
export interface KeptTap {
  tag: 'a' | 'button';
  href: string;
  label: string;
  rank: number;
}

/** An element's name as index.html's script gives it: its text, or its label when it has one. */
function nameOf(element: Element): Omit<KeptTap, 'rank'> | null {
  const tag = element.localName;
  if (tag !== 'a' && tag !== 'button') return null;
  return {
    tag,
    href: element.getAttribute('href') ?? '',
    label: (element.getAttribute('aria-label') ?? element.textContent ?? '')
      .replace(/\s+/g, ' ')
      .trim(),
  };
}

/** Reads a kept tap from `data-tap` (page data: anything else than a tap is no tap). */
export function parseKeptTap(value: string | undefined): KeptTap | null {
  if (!value) return null;
  try {
    const tap = JSON.parse(value) as Partial<Record<keyof KeptTap, unknown>> | null;
    if (!tap || (tap.tag !== 'a' && tap.tag !== 'button')) return null;
    if (typeof tap.href !== 'string' || typeof tap.label !== 'string') return null;
    const rank = typeof tap.rank === 'number' && Number.isInteger(tap.rank) ? tap.rank : 0;
    return { tag: tap.tag, href: tap.href, label: tap.label, rank: Math.max(0, rank) };
  } catch {
    return null;
  }
}

/** Takes the tap kept on the picture of home (`#picture`), if any: it is replayed once. */
export function takeKeptTap(): KeptTap | null {
  const picture = document.getElementById('picture');
  const tap = parseKeptTap(picture?.dataset.tap);
  if (picture) delete picture.dataset.tap;
  return tap;
}

/**
 * Clicks the element of the live screen under `root` that the tap named: the one of the same
 * kind, address and text at the same rank (or the first, when the live screen has fewer). Returns
 * whether one was found; a tap on something the live screen does not show is dropped.
 */
export function replayTap(tap: KeptTap, root: ParentNode): boolean {
  const matches = [...root.querySelectorAll<HTMLElement>(tap.tag === 'a' ? 'a[href]' : 'button')]
    .filter((element) => {
      const name = nameOf(element);
      return name?.href === tap.href && name.label === tap.label;
    })
    .filter((element) => !(element instanceof HTMLButtonElement && element.disabled));
  const target = matches[tap.rank] ?? matches[0];
  if (!target) return false;
  target.click();
  return true;
}
