/**
 * Issue 22 item 5: an auction's own message and regulation document (spec 02 `auction-message`, `file-message`). The
 * auctioneer writes the message and uploads the PDF on the auction's page; a dealer reads both in the regulation
 * dialog before its first offer, and the offer goes once it accepts. A file that is not a PDF is refused and changes
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import { auctionBody, closeSuccess, expectAxeClean, screenshot, useE2E } from './harness.js';

const e2e = useE2E();
const TEST = 'auction-regulation';

/** A small real PDF (one empty page): the server judges a document by its content. */
function pdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => { offsets.push(body.length); body += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('an auction\'s own message and regulation document', () => {
  it('the auctioneer sets both; a dealer reads them in the regulation dialog, accepts, and its offer goes', async () => {
    const api = await e2e.api('auctioneer');
    const now = (await api.serverClock()).now();
    const created = await api.createAuction({ ...auctionBody(`E2E Regolamento ${new Date(now).toISOString()}`, now - 1_000, now + 900_000), regulationRequired: true });
    const { idAuction } = created;
    const idLot = created.lots[0]!.idLot;

    const { page: auctioneer } = await e2e.user('auctioneer', `/auction-details/${idAuction}`);
    const card = auctioneer.getByTestId('auction-regulation-card');
    await card.waitFor();
    const message = 'Ritiro entro 5 giorni lavorativi.\nPagamento anticipato con bonifico.';
    await auctioneer.getByTestId('auction-message').fill(message);
    await auctioneer.getByTestId('auction-message-save').click();
    await closeSuccess(auctioneer);
    expect(await auctioneer.getByTestId('auction-message-save').isDisabled()).toBe(true);

    // An HTML page named .pdf is refused by its content, with the API's code; nothing is set.
    await auctioneer.getByTestId('file-message-input').setInputFiles({ name: 'regolamento.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
    const refusal = auctioneer.locator('[data-testid=dialog][data-kind=error]');
    await refusal.waitFor();
    expect(Number(await refusal.getAttribute('data-error-code'))).toBeGreaterThan(400_000);
    await auctioneer.getByTestId('dialog-ok').click();
    await auctioneer.getByTestId('file-message-none').waitFor();

    await auctioneer.getByTestId('file-message-input').setInputFiles({ name: 'regolamento.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await closeSuccess(auctioneer);
    const link = auctioneer.getByTestId('file-message-link');
    expect(await link.getAttribute('href')).toBe(`/api/v1/secure/auction/${idAuction}/file-message`);
    await expectAxeClean(auctioneer);
    await screenshot(auctioneer, TEST, '1-auctioneer');

    const { page: dealer } = await e2e.user('dealer3', `/live-auction/${idAuction}`);
    await dealer.getByTestId(`offer-input-${idLot}`).waitFor({ state: 'visible' });
    await expect.poll(() => dealer.getByTestId('connection').getAttribute('data-status'), { timeout: 15_000 }).toBe('connected');
    const offerAnswer = dealer.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/offer/${idLot}`));
    await dealer.getByTestId(`offer-submit-${idLot}`).click();
    const regulation = dealer.locator('[data-testid=dialog][data-kind=confirm]');
    await regulation.waitFor();
    expect(await regulation.getByTestId('dialog-detail').textContent()).toBe(message);
    const href = await regulation.getByTestId('dialog-link').getAttribute('href');
    expect(href).toBe(`/api/v1/secure/auction/${idAuction}/file-message`);
    // The dealer's own session downloads the document: a PDF.
    const download = await dealer.request.get(href!);
    expect([download.status(), download.headers()['content-type']]).toEqual([200, 'application/pdf']);
    expect((await download.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectAxeClean(dealer);
    await screenshot(dealer, TEST, '2-dealer-regulation');
    await dealer.getByTestId('dialog-confirm').click();
    expect((await offerAnswer).status()).toBe(201);
  });
});
