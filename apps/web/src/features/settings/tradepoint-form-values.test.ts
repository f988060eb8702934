import { describe, expect, it } from 'vitest';
import { tradepointFormValues, tradepointPayload } from './tradepoint-form-values';

describe('the tradepoint form', () => {
  it('sends times as HH:MM, coordinates and phones with their main flag', () => {
    const values = {
      ...tradepointFormValues(undefined),
      address: ' Москва, Тверская 7 ',
      coordinates: { latitude: '55.7583', longitude: '37.6112' },
      ph: [
        { PHONE: '+7 (495) 100-00-01', COMMENT: 'Касса', MAIN: true },
        { PHONE: '', COMMENT: '', MAIN: false },
      ],
      work_schedule: { from: '9', to: '1830' },
    };
    expect(tradepointPayload(values, undefined)).toMatchObject({
      address: 'Москва, Тверская 7',
      latitude: '55.7583',
      longitude: '37.6112',
      ph: [{ PHONE: '+7 (495) 100-00-01', COMMENT: 'Касса', MAIN: 1 }],
      work_days: ['MO', 'TU', 'WE', 'TH', 'FR'],
      work_schedule: { from: '09:00', to: '18:30' },
      holiday_work: false,
      holiday_schedule: undefined,
    });
  });
});
