import { describe, expect, it } from 'vitest';
import type { CheckResponse } from '@b2b/contracts/auth';
import { sessionKind } from './session-context';

const user: NonNullable<CheckResponse['USER']> = {
  ID: 1,
  EMAIL: 'a@b.c',
  NAME: 'А',
  SURNAME: 'Б',
  IS_OWNER: false,
  ROLES: [],
  PARTNER_ID: null,
  PARTNER_NAME: null,
  TIME_ZONE: 'Europe/Moscow',
};

const check = (patch: Partial<CheckResponse>): CheckResponse => ({
  STATUS: 'valid',
  isInvalid: false,
  isUserWithoutPassword: false,
  USER_TYPE: null,
  PARTNER: false,
  MANAGER: false,
  userRules: {
    isViewClients: false,
    isEditClients: false,
    isViewOrders: false,
    isViewSettingsShop: false,
    isViewPriceTypeClients: false,
    isViewEmployees: false,
  },
  RIGHTS: null,
  USER: null,
  ...patch,
});

describe('sessionKind', () => {
  it('is a guest without a check or a user', () => {
    expect(sessionKind(null)).toBe('guest');
    expect(sessionKind(check({}))).toBe('guest');
  });
  it('tells managers, partner staff and clients apart', () => {
    expect(sessionKind(check({ USER: user, USER_TYPE: 'MANAGER', MANAGER: true }))).toBe('manager');
    expect(sessionKind(check({ USER: user, USER_TYPE: 'PARTNER', PARTNER: true }))).toBe('partner');
    expect(sessionKind(check({ USER: user, USER_TYPE: 'LOYALTY', PARTNER: false }))).toBe('partner');
    expect(sessionKind(check({ USER: user, USER_TYPE: 'CLIENT' }))).toBe('client');
  });
});
