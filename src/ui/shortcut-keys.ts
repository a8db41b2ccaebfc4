/** Which key presses a screen may take as its shortcuts (digits, L, S, Enter). */

/** A field the learner types into keeps its keys; radios, check boxes and buttons do not type. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement && !['radio', 'checkbox', 'button'].includes(target.type)
  );
}

/** True for a key pressed with no modifier (those belong to the browser) outside a text field. */
export function isShortcutKey(event: KeyboardEvent): boolean {
  return !(event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target));
}
