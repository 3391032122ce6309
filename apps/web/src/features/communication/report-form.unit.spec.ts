import { describe, expect, it } from 'vitest';
import { AdminReportQuery, reportFilterApplies } from '@auction/contracts';
import { reportQuery } from './ReportScreen.js';

const empty = {
  reportType: 'OFFERS', typeExport: 'CSV', from: '', to: '', idAuction: '', idDealer: '', idMarket: '', idTemplate: '', loginType: '', username: '',
  vatCode: '', templateName: '', auctionName: '', flgDeleted: '',
};

describe('the report form (one schema with the server)', () => {
  it('sends only the filled fields: empty dates are not sent (spec 02 §5)', () => {
    expect(reportQuery({ ...empty, from: '2026-11-01', username: 'dealer' })).toEqual({ reportType: 'OFFERS', typeExport: 'CSV', from: '2026-11-01', username: 'dealer' });
  });

  it('accepts the empty form and refuses a period that ends before it starts, naming from', () => {
    expect(AdminReportQuery.safeParse(empty).success).toBe(true);
    const inverted = AdminReportQuery.safeParse({ ...empty, from: '2026-11-02', to: '2026-11-01' });
    expect(inverted.success).toBe(false);
    expect(inverted.error?.issues.map((i) => i.path.join('.'))).toEqual(['from']);
  });

  it('shows the login type for logins only, and auctions filters not for dealers', () => {
    expect(reportFilterApplies('loginType', 'LOGINS')).toBe(true);
    expect(reportFilterApplies('loginType', 'OFFERS')).toBe(false);
    expect(reportFilterApplies('auctionName', 'DEALERS')).toBe(false);
    expect(AdminReportQuery.safeParse({ ...empty, reportType: 'DEALERS', auctionName: 'x' }).success).toBe(false);
  });
});
