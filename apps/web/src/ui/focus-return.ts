/** Where the focus was before a dialog opened: the control, and how to find its replacement once it re-rendered. */
export interface FocusMemo {
  readonly element: HTMLElement;
  /** The control's `data-testid` (a re-rendered control keeps it: the dealer's Enable button becomes Disable). */
  readonly testId: string | null;
  /** The `data-testid` of the row or section around it (a lot row, the dealer page), to find a control near it. */
  readonly container: string | null;
}

const CONTROLS = 'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Notes the focused control (null when the page body has the focus). */
export function rememberFocus(doc: Document = document): FocusMemo | null {
  const element = doc.activeElement;
  if (!(element instanceof HTMLElement) || element === doc.body) return null;
  const container = element.parentElement?.closest<HTMLElement>('[data-testid]');
  return { element, testId: element.getAttribute('data-testid'), container: container?.getAttribute('data-testid') ?? null };
}

function usable(el: Element | null): el is HTMLElement {
  return el instanceof HTMLElement && el.isConnected && !(el as HTMLButtonElement).disabled && !el.closest('[hidden], [inert], dialog:not([open])');
}

function byTestId(doc: Document, testId: string | null): HTMLElement | null {
  if (!testId) return null;
  return doc.querySelector<HTMLElement>(`[data-testid="${testId.replace(/["\\]/g, '\\$&')}"]`);
}

/**
 * Gives the focus back after a dialog or an action: to the control that had it; when that control is gone or disabled
 * (the action re-rendered or switched it off), to its re-rendered twin, else to the first usable control of its row or
 * section, else to the page's heading. The focus never falls to the page body (keyboard and screen-reader users would
 * start again from the top). Returns the element focused, or null.
 */
export function restoreFocus(memo: FocusMemo | null, doc: Document = document): HTMLElement | null {
  if (!memo) return null;
  const candidates: (HTMLElement | null)[] = [memo.element, byTestId(doc, memo.testId)];
  const container = byTestId(doc, memo.container);
  if (container) candidates.push(...Array.from(container.querySelectorAll<HTMLElement>(CONTROLS)));
  const target = candidates.find(usable) ?? pageHeading(doc);
  target?.focus();
  return target;
}

function pageHeading(doc: Document): HTMLElement | null {
  const heading = doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}
