import { describe, expect, it } from 'vitest';
import type { Provenance } from '@auction/domain';
import { loadableProvenances } from './sheet-form.js';

const ALL: Provenance[] = [
  { code: 'LEASYS-IT', name: 'Leasys Italia', idMarket: 'IT', idDealer: 'D-AUCT' },
  { code: 'LEASYS-DE', name: 'Leasys Deutschland', idMarket: 'DE', idDealer: 'D-AUCT' },
  { code: 'RENT-IT', name: 'Demo Rent Italia', idMarket: 'IT', idDealer: 'D-EXHB' },
];

describe('the provenances the picker offers', () => {
  it('a loader: its own dealer\'s; an administrator: those of its markets; anyone else: none', () => {
    const codes = (viewer: Parameters<typeof loadableProvenances>[0]) => loadableProvenances(viewer, ALL).map((p) => p.code);
    expect(codes({ idUser: 'u1', roles: ['USER', 'LOADER'], idDealer: 'D-AUCT' })).toEqual(['LEASYS-IT', 'LEASYS-DE']);
    expect(codes({ idUser: 'u2', roles: ['USER', 'LOADER'], idDealer: 'D-EXHB' })).toEqual(['RENT-IT']);
    expect(codes({ idUser: 'a', roles: ['ADMIN'], idDealer: null, adminEnabledMarket: ['IT'] })).toEqual(['LEASYS-IT', 'RENT-IT']);
    expect(codes({ idUser: 'b', roles: ['BUYER'], idDealer: 'D-AUCT' })).toEqual([]);
  });
});
