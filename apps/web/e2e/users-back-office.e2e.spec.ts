/**
 * The people back-office in the browser (issue 14 items 2, 4; spec 01 §2 role picker and new-user dialog, §6; spec 02
 * §2): an administrator lands on /admin, opens the users through the back-office menu, filters, opens a user, adds
 * and removes a permission through the role picker, disables and re-enables the user (confirm dialogs), asks for a
 * password reset (the "link was mailed" dialog, never a password); the read-only `auditor` sees every control
 * disabled with a note; the anonymisation screen lists a disabled user and anonymises it after a confirm that says it
 * cannot be undone. axe on every state shown, the keyboard alone for the filter and the picker, and a phone width.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, runAxe, screenshot, useE2E } from './harness.js';

const e2e = useE2E();
const TEST = 'users-back-office';
const RUN = `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
/** A user of a demo dealer created for this run (the demo dealers' own users are shared by other browser tests). */
const TARGET = `people-target-${RUN}@people-e2e.example`;
const PHONE = { width: 390, height: 844 };

let targetId = '';
/** A user created for this run and disabled: an anonymisation candidate. */
let candidateId = '';
let candidateName = '';

beforeAll(async () => {
  const admin = await e2e.api('admin');
  const target = await admin.expect<{ idUser: string }>(201, 'POST', '/api/v1/secure/user', {
    email: TARGET, idDealer: 'D-1001', roles: ['USER', 'BUYER'], idMarket: 'IT', preferredLanguage: 'IT', name: 'Tea', surname: 'Bersaglio',
  });
  targetId = target.idUser;
  candidateName = `erase-me-${RUN}@people-e2e.example`;
  const created = await admin.expect<{ idUser: string }>(201, 'POST', '/api/v1/secure/user', {
    email: candidateName, roles: ['USER', 'BUYER'], idMarket: 'IT', preferredLanguage: 'IT', name: 'Erika', surname: 'Cancellami',
  });
  candidateId = created.idUser;
  await admin.expect(200, 'PATCH', '/api/v1/admin/user/enable-disable', { idUser: candidateId, flgEnabled: false });
}, 60_000);

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const violations = await runAxe(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

/** Answers the shared confirm dialog, checking its message key first. */
async function confirmDialog(page: Page, messageKey: string, answer: 'confirm' | 'cancel' = 'confirm'): Promise<void> {
  const dialog = page.getByTestId('dialog');
  await dialog.waitFor({ state: 'visible' });
  expect(await dialog.getAttribute('data-kind')).toBe('confirm');
  expect(await dialog.getAttribute('data-message')).toBe(messageKey);
  await page.getByTestId(`dialog-${answer}`).click();
  // The confirm is gone once no confirm with this message shows: the success dialog may take its place at once.
  await page.locator(`[data-testid="dialog"][data-kind="confirm"][data-message="${messageKey}"]`).waitFor({ state: 'hidden' });
}

/** Waits for the success dialog with `messageKey` and closes it. */
async function successDialog(page: Page, messageKey: string): Promise<string> {
  const dialog = page.getByTestId('dialog');
  await dialog.waitFor({ state: 'visible' });
  expect(await dialog.getAttribute('data-kind')).toBe('success');
  expect(await dialog.getAttribute('data-message')).toBe(messageKey);
  const text = (await dialog.textContent()) ?? '';
  await page.getByTestId('dialog-ok').click();
  await dialog.waitFor({ state: 'hidden' });
  return text;
}

describe('users back-office', () => {
  it('an administrator lands on /admin, filters the users, opens one and changes its permissions and state', async () => {
    const { page } = await e2e.user('admin');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByTestId('admin-landing').waitFor({ state: 'visible' });
    for (const id of ['bo-dealers', 'bo-users', 'bo-auctioneers', 'bo-exhibitors', 'bo-anonymisation']) {
      expect(await page.getByTestId('back-office-menu').getByTestId(id).isVisible(), id).toBe(true);
    }
    await expectNoAxeViolations(page, 'admin landing');

    await page.getByTestId('back-office-menu').getByTestId('bo-users').click();
    await page.waitForURL((url) => url.pathname === '/users');
    await page.getByTestId('users-table').waitFor({ state: 'visible' });
    expect(Number(await page.getByTestId('users-table').getAttribute('data-total'))).toBeGreaterThan(1);
    await page.getByTestId('filter-username').fill(`target-${RUN}`);
    await page.getByTestId('filter-role').selectOption('BUYER');
    await page.getByTestId('users-search').click();
    await page.waitForURL((url) => url.searchParams.get('username') === `target-${RUN}` && url.searchParams.get('role') === 'BUYER');
    // The list follows the URL: wait for the filtered answer (one row), not the page it replaces.
    await page.waitForFunction(() => document.querySelector('[data-testid="users-table"]')?.getAttribute('data-total') === '1');
    await page.getByTestId(`user-row-${TARGET}`).waitFor({ state: 'visible' });
    await expectNoAxeViolations(page, 'users list filtered');
    await screenshot(page, TEST, 'users-filtered');

    await page.getByTestId(`open-user-${targetId}`).click();
    await page.waitForURL((url) => url.pathname === `/user-edit/${targetId}`);
    await page.getByTestId('user-card').waitFor({ state: 'visible' });
    expect(await page.getByTestId('user-username').textContent()).toBe(TARGET);
    expect(await page.getByTestId('user-email').inputValue()).toBe(TARGET);
    await page.getByTestId('audit-table').or(page.getByTestId('audit-table-empty')).first().waitFor({ state: 'visible' });
    await expectNoAxeViolations(page, 'user card');

    // Add VISITOR through the role picker: chips, choosing one closes it and the chip appears on the card.
    await page.getByTestId('add-permission').click();
    const picker = page.getByTestId('role-picker');
    await picker.waitFor({ state: 'visible' });
    expect(await picker.getByTestId('pick-BUYER').count()).toBe(0); // already held: not offered
    await expectNoAxeViolations(page, 'role picker');
    await picker.getByTestId('pick-VISITOR').click();
    await picker.waitFor({ state: 'hidden' });
    await page.getByTestId('permission-VISITOR').waitFor({ state: 'visible' });
    const admin = await e2e.api('admin');
    expect((await admin.expect<{ roles: string[] }>(200, 'GET', `/api/v1/admin/user?idUser=${targetId}`)).roles).toContain('VISITOR');

    // Remove it again with its chip's button, after a confirm.
    await page.getByTestId('remove-permission-VISITOR').click();
    await confirmDialog(page, 'people:permissions.confirmRemove');
    await page.getByTestId('permission-VISITOR').waitFor({ state: 'detached' });
    expect((await admin.expect<{ roles: string[] }>(200, 'GET', `/api/v1/admin/user?idUser=${targetId}`)).roles).not.toContain('VISITOR');

    // Disable (confirm), then enable again.
    await page.getByTestId('user-toggle-enabled').click();
    await confirmDialog(page, 'people:edit.confirmDisable');
    await successDialog(page, 'people:edit.disabledDone');
    expect(await page.getByTestId('user-card').getAttribute('data-state')).toBe('DISABLED');
    expect((await admin.expect<{ state: string }>(200, 'GET', `/api/v1/admin/user?idUser=${targetId}`)).state).toBe('DISABLED');
    await page.getByTestId('user-toggle-enabled').click();
    await confirmDialog(page, 'people:edit.confirmEnable');
    await successDialog(page, 'people:edit.enabledDone');
    expect(await page.getByTestId('user-card').getAttribute('data-state')).toBe('ENABLED');

    // Reset password: a link was mailed, no password on screen.
    await page.getByTestId('user-reset-pwd').click();
    await confirmDialog(page, 'people:edit.confirmResetPwd');
    const said = await successDialog(page, 'people:edit.resetPwdDone');
    expect(said).toContain('link');
    expect(said).not.toMatch(/Demo#2026/);

    // The audit trail now lists the changes with the acting user.
    await page.getByTestId('audit-table').waitFor({ state: 'visible' });
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="audit-table"]')?.getAttribute('data-total') ?? 0) >= 4);
    expect(await page.getByTestId('audit-table').textContent()).toContain('admin');
    await expectNoAxeViolations(page, 'user card after changes');
    await screenshot(page, TEST, 'user-card');
  });

  it('the new-user dialog keeps send disabled while the e-mail is invalid, creates the user and opens its card', async () => {
    const email = `people-new-${RUN}@people-e2e.example`;
    const { page } = await e2e.user('admin', '/users');
    await page.getByTestId('new-user').click();
    const dialog = page.getByTestId('new-user-dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await page.getByTestId('new-user-send').isDisabled()).toBe(true);
    await page.getByTestId('new-user-email').fill('not-an-e-mail');
    expect(await page.getByTestId('new-user-send').isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'new-user dialog');
    await page.getByTestId('new-user-email').fill(email);
    await page.getByTestId('new-user-name').fill('Nuova');
    await page.getByTestId('new-user-role-BUYER').check();
    expect(await page.getByTestId('new-user-send').isDisabled()).toBe(false);
    await page.getByTestId('new-user-send').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await successDialog(page, 'people:create.done')).toContain(email);
    await page.waitForURL((url) => url.pathname.startsWith('/user-edit/'));
    expect(await page.getByTestId('user-username').textContent()).toBe(email);
    expect(await page.getByTestId('permission-BUYER').isVisible()).toBe(true);
  });

  it('the keyboard alone filters the list and opens and closes the role picker', async () => {
    const { page } = await e2e.user('admin', '/users');
    await page.getByTestId('filter-username').focus();
    await page.keyboard.type(`target-${RUN}`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid="users-table"]')?.getAttribute('data-total') === '1');
    await page.getByTestId(`user-row-${TARGET}`).waitFor({ state: 'visible' });
    await page.getByTestId(`open-user-${targetId}`).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('user-card').waitFor({ state: 'visible' });
    await page.getByTestId('add-permission').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('role-picker').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.activeElement?.closest('dialog')?.getAttribute('data-testid'))).toBe('role-picker');
    await page.keyboard.press('Escape');
    await page.getByTestId('role-picker').waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('add-permission');
  });

  it('the read-only auditor sees the users and a user card with every control disabled and a note', async () => {
    const { page } = await e2e.user('auditor', '/users');
    await page.getByTestId('read-only-note').waitFor({ state: 'visible' });
    expect(await page.getByTestId('new-user').isDisabled()).toBe(true);
    await page.goto(`/user-edit/${targetId}`);
    await page.getByTestId('user-card').waitFor({ state: 'visible' });
    await page.getByTestId('read-only-note').waitFor({ state: 'visible' });
    for (const id of ['user-toggle-enabled', 'user-reset-pwd', 'user-delete', 'user-save', 'add-permission', 'user-name', 'user-email', 'user-readOnly']) {
      expect(await page.getByTestId(id).isDisabled(), id).toBe(true);
    }
    await expectNoAxeViolations(page, 'read-only user card');
  });

  it('the anonymisation screen lists a disabled user and anonymises it after a confirm that it cannot be undone', async () => {
    const { page } = await e2e.user('admin', '/user-anonymization');
    await page.getByTestId('anonymise-market').selectOption('IT');
    const row = page.getByTestId(`candidate-${candidateId}`);
    await row.waitFor({ state: 'visible' });
    expect(await row.textContent()).toContain(candidateName);
    expect(await page.getByTestId('anonymise-export').getAttribute('href')).toBe('/api/v1/admin/user/anonymize/export?idMarket=IT');
    expect(await page.getByTestId('anonymise-run').isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'anonymisation candidates');
    await page.getByTestId(`select-${candidateId}`).check();
    await page.getByTestId('anonymise-run').click();
    const dialog = page.getByTestId('dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.textContent()).toContain('cannot be undone');
    await confirmDialog(page, 'people:anonymise.confirm');
    await successDialog(page, 'people:anonymise.done');
    await row.waitFor({ state: 'detached' });
    const admin = await e2e.api('admin');
    expect((await admin.expect<{ state: string }>(200, 'GET', `/api/v1/admin/user?idUser=${candidateId}`)).state).toBe('ANONYMISED');
    await screenshot(page, TEST, 'anonymisation');
  });

  it('customer-centre staff have no anonymisation: not in the menu, and the route sends them home', async () => {
    const { page } = await e2e.user('customer');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByTestId('back-office-menu').getByTestId('bo-users').waitFor({ state: 'visible' });
    expect(await page.getByTestId('bo-anonymisation').count()).toBe(0);
    await page.goto('/user-anonymization');
    await page.waitForURL((url) => url.pathname === '/admin');
  });

  it('the users list, a user card and the profile fit a phone', async () => {
    const { page } = await e2e.user('admin', '/users');
    await page.setViewportSize(PHONE);
    for (const path of ['/users', `/user-edit/${targetId}`, '/user-profile', '/admin']) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor({ state: 'visible' });
      await page.waitForTimeout(200);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
    }
    expect(await page.getByTestId('profile-username').count()).toBe(0); // last page is /admin
    await page.goto('/user-profile');
    expect(await page.getByTestId('profile-username').textContent()).toBe('admin');
    await expectNoAxeViolations(page, 'profile on a phone');
    await screenshot(page, TEST, 'profile-phone');
  });
});
