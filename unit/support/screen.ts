/**
 * Finding and using elements as a person does, by role and accessible name, in happy-dom: a
 * small subset of the ARIA rules (implicit roles, names from aria-labelledby, aria-label,
 * labels, alt texts and contents), enough for the app's own markup. Hidden elements (the
 * `hidden` attribute, aria-hidden, a closed <dialog> or <details>) are not found.
 */
import { act } from 'react';

type Name = string | RegExp;

const IMPLICIT: Record<string, (el: Element) => string | null> = {
  A: (el) => (el.hasAttribute('href') ? 'link' : null),
  BUTTON: () => 'button',
  H1: () => 'heading',
  H2: () => 'heading',
  H3: () => 'heading',
  H4: () => 'heading',
  H5: () => 'heading',
  H6: () => 'heading',
  INPUT: (el) => {
    const type = (el.getAttribute('type') ?? 'text').toLowerCase();
    if (type === 'radio') return 'radio';
    if (type === 'checkbox') return 'checkbox';
    if (type === 'button' || type === 'submit' || type === 'reset') return 'button';
    if (type === 'number') return 'spinbutton';
    if (type === 'search') return 'searchbox';
    return 'textbox';
  },
  TEXTAREA: () => 'textbox',
  SELECT: () => 'combobox',
  OPTION: () => 'option',
  FIELDSET: () => 'group',
  SECTION: (el) => (accessibleName(el, false) ? 'region' : null),
  FORM: (el) => (accessibleName(el, false) ? 'form' : null),
  NAV: () => 'navigation',
  MAIN: () => 'main',
  DIALOG: () => 'dialog',
  PROGRESS: () => 'progressbar',
  OUTPUT: () => 'status',
  LI: () => 'listitem',
  UL: () => 'list',
  OL: () => 'list',
  TABLE: () => 'table',
  TR: () => 'row',
  TD: () => 'cell',
  TH: () => 'columnheader',
  IMG: (el) => (el.getAttribute('alt') === '' ? null : 'img'),
};

export function roleOf(el: Element): string | null {
  const explicit = el.getAttribute('role');
  if (explicit) return explicit.split(' ')[0] ?? null;
  return IMPLICIT[el.tagName]?.(el) ?? null;
}

/** Whether a person (or assistive technology) can see `el`. */
export function isShown(el: Element): boolean {
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true') return false;
    if (node.tagName === 'DIALOG' && node !== el && !node.hasAttribute('open')) return false;
    if (node.tagName === 'DIALOG' && node === el && !node.hasAttribute('open')) return false;
    if (
      node.parentElement?.tagName === 'DETAILS' &&
      node.tagName !== 'SUMMARY' &&
      !node.parentElement.hasAttribute('open')
    ) {
      return false;
    }
    if ((node as HTMLElement).style?.display === 'none') return false;
  }
  return true;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The text an element's contents give its name. */
function textOf(node: Node): string {
  if (node.nodeType === 3) return node.textContent ?? '';
  if (node.nodeType !== 1) return '';
  const el = node as Element;
  if (el.getAttribute('aria-hidden') === 'true' || el.hasAttribute('hidden')) return '';
  if (el.tagName === 'IMG') return el.getAttribute('alt') ?? '';
  if (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') return '';
  const label = el.getAttribute('aria-label');
  if (label && node !== el.ownerDocument.body) return ` ${label} `;
  const block = /^(DIV|P|LI|H\d|SECTION|TR|TD|TH|BR)$/.test(el.tagName);
  const inner = [...el.childNodes].map(textOf).join('');
  return block ? ` ${inner} ` : inner;
}

function labelsOf(el: Element): string {
  const id = el.getAttribute('id');
  const parts: string[] = [];
  if (id) {
    for (const label of el.ownerDocument.querySelectorAll(`label[for="${CSS.escape(id)}"]`)) {
      parts.push(textOf(label));
    }
  }
  const wrapping = el.closest('label');
  if (wrapping) parts.push(textOf(wrapping));
  return squash(parts.join(' '));
}

export function accessibleName(el: Element, fromContents = true): string {
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy) {
    return squash(
      labelledBy
        .split(/\s+/)
        .map((id) => el.ownerDocument.getElementById(id))
        .map((ref) => (ref ? textOf(ref) : ''))
        .join(' '),
    );
  }
  const label = el.getAttribute('aria-label');
  if (label) return squash(label);
  if (/^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName)) {
    const type = el.getAttribute('type');
    if (type === 'submit' || type === 'button') return squash((el as HTMLInputElement).value);
    return labelsOf(el);
  }
  if (el.tagName === 'IMG') return squash(el.getAttribute('alt') ?? '');
  if (el.tagName === 'FIELDSET') {
    const legend = el.querySelector(':scope > legend');
    return legend ? squash(textOf(legend)) : '';
  }
  if (!fromContents) return '';
  return squash(textOf(el));
}

const matches = (actual: string, wanted: Name, exact: boolean) =>
  typeof wanted === 'string'
    ? exact
      ? actual === squash(wanted)
      : actual.toLowerCase().includes(squash(wanted).toLowerCase())
    : wanted.test(actual);

export interface RoleQuery {
  name?: Name;
  /** A string name must then equal the name, not only be part of it (default true). */
  exact?: boolean;
  level?: number;
  checked?: boolean;
}

const NAMED_BY_CONTENTS = new Set([
  'button',
  'link',
  'heading',
  'cell',
  'columnheader',
  'option',
  'radio',
  'checkbox',
  'listitem',
  'row',
  'status',
  'alert',
  'tab',
  'menuitem',
]);

/** Every shown element under `scope` with this role (and name, level, checked state). */
export function allByRole(scope: ParentNode, role: string, query: RoleQuery = {}): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>('*')].filter((el) => {
    if (roleOf(el) !== role || !isShown(el)) return false;
    if (query.level !== undefined && Number(el.tagName.slice(1)) !== query.level) return false;
    if (query.checked !== undefined && (el as HTMLInputElement).checked !== query.checked) {
      return false;
    }
    if (query.name === undefined) return true;
    const name = accessibleName(el, NAMED_BY_CONTENTS.has(role));
    return matches(name, query.name, query.exact ?? true);
  });
}

function describe(role: string, query: RoleQuery) {
  return `${role}${query.name === undefined ? '' : ` named ${String(query.name)}`}`;
}

/** The one shown element with this role and name; throws when there are none or several. */
export function byRole(scope: ParentNode, role: string, query: RoleQuery = {}): HTMLElement {
  const found = allByRole(scope, role, query);
  if (found.length !== 1) {
    const names = allByRole(scope, role).map((el) =>
      accessibleName(el, NAMED_BY_CONTENTS.has(role)),
    );
    throw new Error(
      `${found.length} of ${describe(role, query)} (the ${role}s: ${JSON.stringify(names)})`,
    );
  }
  return found[0] as HTMLElement;
}

/** The one shown form control labelled `label`. */
export function byLabel<T extends HTMLElement = HTMLInputElement>(
  scope: ParentNode,
  label: Name,
  exact = true,
): T {
  const found = [...scope.querySelectorAll<HTMLElement>('input, select, textarea')].filter(
    (el) => isShown(el) && matches(accessibleName(el), label, exact),
  );
  if (found.length !== 1) throw new Error(`${found.length} fields labelled ${String(label)}`);
  return found[0] as unknown as T;
}

/** Shown elements whose own text (whitespace squashed) matches `text`. */
export function allByText(scope: ParentNode, text: Name, exact = true): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>('*')].filter((el) => {
    if (!isShown(el)) return false;
    const own = squash(textOf(el));
    if (!matches(own, text, exact)) return false;
    // The innermost element that holds the text.
    return ![...el.children].some((child) => matches(squash(textOf(child)), text, exact));
  });
}

export function byText(scope: ParentNode, text: Name, exact = true): HTMLElement {
  const found = allByText(scope, text, exact);
  if (found.length < 1) throw new Error(`no text ${String(text)}`);
  return found[0] as HTMLElement;
}

/** The text `el` holds, whitespace squashed (the text an end-to-end `toHaveText` reads). */
export const textIn = (el: Element) => squash(el.textContent ?? '');

export async function click(el: HTMLElement): Promise<void> {
  if ((el as HTMLButtonElement).disabled) throw new Error(`${accessibleName(el)} is disabled`);
  await act(async () => el.click());
}

/** Types `value` into a field as a person replaces its text: React sees an input event. */
export async function fill(el: HTMLElement, value: string): Promise<void> {
  const proto =
    el.tagName === 'TEXTAREA'
      ? HTMLTextAreaElement.prototype
      : el.tagName === 'SELECT'
        ? HTMLSelectElement.prototype
        : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  await act(async () => {
    el.focus();
    setter?.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** Leaves a field, as a person tabbing away. */
export async function blur(el: HTMLElement): Promise<void> {
  await act(async () => {
    el.blur();
    el.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

/** Chooses the option whose text is `label`. */
export async function selectOption(el: HTMLSelectElement, label: string): Promise<void> {
  const option = [...el.options].find((o) => squash(o.textContent ?? '') === label);
  if (!option) throw new Error(`no option ${label}`);
  await fill(el, option.value);
}

export async function press(
  key: string,
  target: EventTarget = document.activeElement ?? document.body,
) {
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

/**
 * Waits until `check` passes, as a person waits for the screen to settle (writes to IndexedDB,
 * lazy screens, route changes): it is retried while the app's promises run, then the last
 * failure is thrown.
 */
export async function until<T>(check: () => T, timeoutMs = 5_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > end) throw error;
    }
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}
