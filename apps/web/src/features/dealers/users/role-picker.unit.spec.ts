import { describe, expect, it } from 'vitest';
import { ROLES } from '@auction/domain';
import { canRemoveRole, isStaff, pickableRoles, userCapabilities, type Actor } from './role-picker.js';

const admin: Actor = { idUser: 'u-admin', roles: ['ADMIN'], readOnly: false };
const customer: Actor = { idUser: 'u-cc', roles: ['CUSTOMER_CENTER'], readOnly: false };
const auditor: Actor = { idUser: 'u-audit', roles: ['ADMIN'], readOnly: true };

describe('pickableRoles', () => {
  it('offers an ADMIN every role the user does not hold, in the order of ROLES', () => {
    expect(pickableRoles(admin, ['USER', 'BUYER'])).toEqual(ROLES.filter((r) => r !== 'USER' && r !== 'BUYER'));
  });
  it('never offers a protected role (staff, auctioneers, exhibitor) to a customer-centre user', () => {
    const offered = pickableRoles(customer, []);
    for (const role of ['ADMIN', 'CUSTOMER_CENTER', 'AUCTIONEER', 'MULTI_AUCTIONEER', 'EXHIBITOR']) expect(offered).not.toContain(role);
    expect(offered).toContain('BUYER');
  });
  it('offers nothing when the user holds every role', () => {
    expect(pickableRoles(admin, [...ROLES])).toEqual([]);
  });
});

describe('userCapabilities', () => {
  const other: Parameters<typeof userCapabilities>[1] = { idUser: 'u-1', state: 'ENABLED', roles: ['USER', 'BUYER'] };
  it('gives an ADMIN everything on another user', () => {
    expect(userCapabilities(admin, other)).toEqual({
      self: false, gone: false, edit: true, toggleEnabled: true, resetPassword: true, remove: true, permissions: true, adminFields: true,
    });
  });
  it('keeps the ADMIN-only calls from a customer-centre user', () => {
    const can = userCapabilities(customer, other);
    expect([can.edit, can.toggleEnabled, can.resetPassword]).toEqual([true, true, true]);
    expect([can.remove, can.permissions, can.adminFields]).toEqual([false, false, false]);
  });
  it('disables every change for a read-only user (the API answers 403020)', () => {
    const can = userCapabilities(auditor, other);
    expect([can.edit, can.toggleEnabled, can.resetPassword, can.remove, can.permissions, can.adminFields]).toEqual([false, false, false, false, false, false]);
  });
  it('refuses disabling or deleting oneself (409120) but allows editing', () => {
    const can = userCapabilities(admin, { idUser: 'u-admin', state: 'ENABLED', roles: ['ADMIN'] });
    expect(can.self).toBe(true);
    expect(can.toggleEnabled).toBe(false);
    expect(can.remove).toBe(false);
    expect(can.edit).toBe(true);
  });
  it('allows nothing on a deleted or anonymised user (410020)', () => {
    for (const state of ['DELETED', 'ANONYMISED'] as const) {
      const can = userCapabilities(admin, { idUser: 'u-1', state, roles: ['BUYER'] });
      expect(can.gone).toBe(true);
      expect([can.edit, can.toggleEnabled, can.resetPassword, can.remove, can.permissions]).toEqual([false, false, false, false, false]);
    }
  });
  it('lets only an ADMIN change another staff, auctioneer or exhibitor account (403040), anyone staff their own', () => {
    expect(userCapabilities(customer, { idUser: 'u-2', state: 'ENABLED', roles: ['ADMIN'] }).edit).toBe(false);
    for (const role of ['AUCTIONEER', 'MULTI_AUCTIONEER', 'EXHIBITOR'] as const) {
      const can = userCapabilities(customer, { idUser: 'u-3', state: 'ENABLED', roles: ['USER', role] });
      expect([role, can.edit, can.toggleEnabled, can.resetPassword]).toEqual([role, false, false, false]);
      expect(userCapabilities(admin, { idUser: 'u-3', state: 'ENABLED', roles: ['USER', role] }).edit).toBe(true);
    }
    expect(userCapabilities(customer, { idUser: 'u-cc', state: 'ENABLED', roles: ['CUSTOMER_CENTER'] }).edit).toBe(true);
    expect(userCapabilities(admin, { idUser: 'u-2', state: 'ENABLED', roles: ['CUSTOMER_CENTER'] }).toggleEnabled).toBe(true);
  });
  it('gives a non-staff user nothing', () => {
    expect(userCapabilities({ idUser: 'x', roles: ['BUYER'], readOnly: false }, other).edit).toBe(false);
  });
});

describe('canRemoveRole and isStaff', () => {
  it('refuses removing one\'s own staff role only', () => {
    expect(canRemoveRole(admin, { idUser: 'u-admin' }, 'ADMIN')).toBe(false);
    expect(canRemoveRole(admin, { idUser: 'u-admin' }, 'BUYER')).toBe(true);
    expect(canRemoveRole(admin, { idUser: 'u-1' }, 'ADMIN')).toBe(true);
  });
  it('counts ADMIN and CUSTOMER_CENTER as staff', () => {
    expect(isStaff(['CUSTOMER_CENTER'])).toBe(true);
    expect(isStaff(['ADMIN', 'BUYER'])).toBe(true);
    expect(isStaff(['AUCTIONEER', 'BUYER'])).toBe(false);
  });
});
