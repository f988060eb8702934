import { describe, expect, it } from 'vitest';
import { shopColors } from '@/features/storefront/shop-theme';

describe("the shop's colours", () => {
  it("take the scheme's accent, and the logo colour for the header when it is set", () => {
    expect(shopColors('green', '')).toEqual({ primary: '#2e7d32', header: '#2e7d32', headerText: '#ffffff' });
    expect(shopColors('blue', '#FFEE00').header).toBe('#ffee00');
  });

  it('write dark text on a light header and white on a dark one', () => {
    expect(shopColors('blue', '#ffffff').headerText).toBe('#1f1f1f');
    expect(shopColors('blue', '#101010').headerText).toBe('#ffffff');
  });

  it('fall back to blue for an unknown scheme and ignore a colour that is not #rrggbb', () => {
    expect(shopColors('pink', 'red')).toEqual(shopColors('blue', ''));
  });
});
