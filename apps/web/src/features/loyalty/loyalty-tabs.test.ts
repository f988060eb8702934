import { describe, expect, it } from 'vitest';
import { computeRights, type Role } from '@b2b/contracts/rights';
import { loyaltyTabs, usableLoyaltyTab } from './loyalty-tabs';

const staff = (...roles: Role[]) => computeRights({ kind: 'PARTNER', isOwner: false, roles });
const owner = computeRights({ kind: 'PARTNER', isOwner: true, roles: [] });

describe('loyaltyTabs', () => {
  it('before installation shows Settings, Scoring, Statuses, Increased coefficients with only Settings usable', () => {
    expect(loyaltyTabs(false, owner)).toEqual([
      { key: 'settings', label: 'Настройки', disabled: false },
      { key: 'scoring', label: 'Начисление', disabled: true },
      { key: 'statuses', label: 'Статусы', disabled: true },
      { key: 'coefficients', label: 'Повышенные коэффициенты', disabled: true },
    ]);
  });

  it('names the tabs as §2 does after installation: Коэффициенты', () => {
    expect(loyaltyTabs(true, owner).map((t) => t.label)).toEqual([
      'Настройки',
      'Статусы',
      'Коэффициенты',
      'Видимость',
      'Участие',
      'Начисление',
      'Управление балансом',
    ]);
  });

  it('after installation shows the seven tabs to whoever may view employees', () => {
    const keys = ['settings', 'statuses', 'coefficients', 'visability', 'participation', 'scoring', 'balance'];
    expect(loyaltyTabs(true, owner).map((t) => t.key)).toEqual(keys);
    expect(loyaltyTabs(true, staff('ADMIN')).map((t) => t.key)).toEqual(keys);
    expect(loyaltyTabs(true, owner).every((t) => !t.disabled)).toBe(true);
  });

  it('shows a loyalty employee only the employee-access tabs', () => {
    expect(loyaltyTabs(true, staff('LOYALTY')).map((t) => t.key)).toEqual(['participation', 'balance']);
  });
});

describe('usableLoyaltyTab', () => {
  it('keeps a tab the user may use', () => {
    expect(usableLoyaltyTab('balance', true, owner)).toBe('balance');
    expect(usableLoyaltyTab('balance', true, staff('LOYALTY'))).toBe('balance');
  });

  it('sends a hidden tab to the start tab', () => {
    expect(usableLoyaltyTab('settings', true, staff('LOYALTY'))).toBe('participation');
    expect(usableLoyaltyTab('nonsense', true, owner)).toBe('settings');
  });

  it('sends every tab to Settings before installation', () => {
    expect(usableLoyaltyTab('statuses', false, owner)).toBe('settings');
    expect(usableLoyaltyTab('participation', false, staff('LOYALTY'))).toBe('settings');
  });
});
