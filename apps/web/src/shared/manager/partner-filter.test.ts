import { describe, expect, it } from 'vitest';
import { PARTNER_FILTER, partnerIdOf } from './partner-filter';

describe('partnerIdOf', () => {
  it('reads a positive id', () => {
    expect(partnerIdOf({ partner_id: '7' })).toBe(7);
  });
  it('means every partner for a missing, empty or malformed value', () => {
    expect(partnerIdOf({})).toBeUndefined();
    expect(partnerIdOf({ partner_id: '' })).toBeUndefined();
    expect(partnerIdOf({ partner_id: '0' })).toBeUndefined();
    expect(partnerIdOf({ partner_id: '-3' })).toBeUndefined();
    expect(partnerIdOf({ partner_id: '2x' })).toBeUndefined();
    expect(partnerIdOf({ partner_id: '9'.repeat(30) })).toBeUndefined();
  });
  it('keeps partner_id in the cookie the orders and offers screens share', () => {
    expect(PARTNER_FILTER).toEqual({ cookie: 'params_manager_partner', keys: ['partner_id'] });
  });
});
