/** axe-core in the page, and a walk with the Tab key over a page's controls. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/** Runs axe on the whole document (WCAG 2.x A/AA and best practices) and returns its violations. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Evaluated by the test driver, not added as a <script>: the product's CSP (rightly) refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html.slice(0, 200), failureSummary: n.failureSummary })),
    }));
  });
}

/** One line per violation: impact, rule, help and the first targets. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((v) => `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length}×: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')})`)
    .join('\n');
}

/**
 * Fails unless axe finds nothing on the page, with every violation and its elements in the message (comparing the
 * description with '' would cut it before the element that failed).
 */
export async function expectAxeClean(page: Page, what = page.url()): Promise<void> {
  const violations = await runAxe(page);
  expect(violations, `axe on ${what}:\n${describeViolations(violations)}`).toEqual([]);
}

/** Rules that say a control has no accessible name. */
export const NAME_RULES = ['label', 'button-name', 'select-name', 'input-button-name', 'link-name', 'aria-input-field-name', 'aria-command-name'];

export interface TabWalk {
  /** Controls shown on the page (enabled, visible, not inert), described. */
  readonly controls: string[];
  /** Those the Tab key never reached. */
  readonly unreached: string[];
  /** How many Tab presses the walk took. */
  readonly presses: number;
}

/**
 * Presses Tab from the top of the page until focus comes back to the first control reached (or `maxPresses`), and
 * says which visible, enabled controls (links, buttons, inputs, selects, textareas, `[tabindex="0"]`) it never reached.
 */
export async function tabWalk(page: Page, maxPresses = 400): Promise<TabWalk> {
  const controls = await page.evaluate(() => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex^="-"])';
    const out: string[] = [];
    let n = 0;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      el.removeAttribute('data-e2e-ctl');
      if ((el as HTMLButtonElement).disabled || el.closest('[inert], [aria-hidden="true"]')) continue;
      // A visually hidden control (skip link, radio behind a styled label) still takes focus: count it when it is rendered.
      const rendered = el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
      if (!rendered) continue;
      const id = `c${n++}`;
      el.setAttribute('data-e2e-ctl', id);
      const name = el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? (el.textContent ?? '').trim().slice(0, 40);
      out.push(`${id} <${el.tagName.toLowerCase()}> ${name}`);
    }
    (document.activeElement as HTMLElement | null)?.blur();
    window.getSelection()?.removeAllRanges();
    return out;
  });
  const reached = new Set<string>();
  let first: string | null = null;
  let presses = 0;
  let idle = 0;
  while (presses < maxPresses) {
    await page.keyboard.press('Tab');
    presses++;
    const id = await page.evaluate(() => document.activeElement?.getAttribute('data-e2e-ctl') ?? (document.activeElement === document.body ? 'body' : 'other'));
    if (id === first) break;
    if (id === 'body' || id === 'other') {
      if (++idle > 5) break;
      continue;
    }
    idle = 0;
    first ??= id;
    reached.add(id);
    if (reached.size === controls.length) break;
  }
  const unreached = controls.filter((c) => !reached.has(c.split(' ')[0]!));
  return { controls, unreached, presses };
}

/** Presses Tab (at most `maxPresses` times from the top) until the element with `testId` has the focus. */
export async function tabTo(page: Page, testId: string, maxPresses = 200): Promise<number> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let presses = 1; presses <= maxPresses; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return presses;
  }
  throw new Error(`Tab never reached [data-testid="${testId}"] in ${maxPresses} presses`);
}
