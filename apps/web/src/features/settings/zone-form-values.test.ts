import { describe, expect, it } from 'vitest';
import type { DeliveryZone } from '@b2b/contracts/delivery-wire';
import { LIMITS } from '@b2b/contracts/limits';
import { SHOP_MSG } from '@b2b/contracts/shop';
import {
  addVertex,
  dropLastVertex,
  moveVertex,
  outlineError,
  outlineVertices,
  zoneFormValues,
  zonePayload,
} from '@/features/settings/zone-form-values';

const zone: DeliveryZone = {
  ID: 7,
  DELIVERY_ZONE_ID: 7,
  NAME: 'Центр',
  PRICE: '700',
  SORT: 100,
  FREE_FROM: '25000.5',
  POLYGON: [
    [55.7, 37.5],
    [55.8, 37.5],
    [55.8, 37.7],
  ],
};

describe('the delivery zone form', () => {
  it('shows a zone with its free-delivery sum and its outline one point a line, and sends them back as the API takes them', () => {
    const values = zoneFormValues(zone);
    expect(values).toEqual({ name: 'Центр', price: '700', free_from: '25000.5', outline: '55.7, 37.5\n55.8, 37.5\n55.8, 37.7', sort: 100 });
    expect(zonePayload({ ...values, free_from: '25 000.5', price: '1 200' })).toEqual({
      name: 'Центр',
      price: '1200',
      free_from: '25000.5',
      polygon: '[[55.7,37.5],[55.8,37.5],[55.8,37.7]]',
      sort: '100',
    });
  });

  it("sends an empty free-from sum and an empty outline as empty: the shop's sum applies, the outline is cleared", () => {
    const values = zoneFormValues(undefined);
    expect(values).toEqual({ name: '', price: '', free_from: '', outline: '', sort: 500 });
    expect(zonePayload({ ...values, name: ' Область ', price: '900', outline: ' \n ' })).toEqual({
      name: 'Область',
      price: '900',
      free_from: '',
      polygon: '',
      sort: '500',
    });
  });

  it('reads points typed with a decimal comma or a semicolon, and checks the outline as the server does', () => {
    expect(zonePayload({ ...zoneFormValues(zone), outline: '55,7; 37,5\n\n55.8 37.5\n55.8, 37.7' }).polygon).toBe(
      '[[55.7,37.5],[55.8,37.5],[55.8,37.7]]',
    );
    expect(outlineError('')).toBeNull();
    expect(outlineError('55.7, 37.5\n55.8, 37.5\n55.8, 37.7')).toBeNull();
    expect(outlineError('55.7, 37.5\nМосква\n55.8, 37.7')).toBe(SHOP_MSG.zoneOutlineLine(2));
    expect(outlineError('55.7, 37.5\n55.8, 200\n55.8, 37.7')).toBe(SHOP_MSG.zoneOutlineLineRange(2));
    expect(outlineError('55.7, 37.5\n55.8, 37.5')).toBe(SHOP_MSG.zoneOutlinePoints(LIMITS.deliveryZonePointsMax));
    // Refused by the form, it would be refused by the server too: it is sent as typed, never silently dropped.
    expect(zonePayload({ ...zoneFormValues(zone), outline: '55.7, 37.5' }).polygon).toBe('55.7, 37.5');
  });

  it('edits the outline from the map: a click adds a point at the end, a drag moves its line, the last point is taken away', () => {
    let text = addVertex('', 55.755826123, 37.6173);
    expect(text).toBe('55.755826, 37.6173');
    text = addVertex(`${text}\n\n`, 55.8, 37.5);
    expect(text).toBe('55.755826, 37.6173\n55.8, 37.5');
    text = `${text}\nне точка\n55.7, 37.7`;
    // The map draws the lines that are points, each with its line.
    expect(outlineVertices(text)).toEqual([
      { line: 0, lat: 55.755826, lng: 37.6173 },
      { line: 1, lat: 55.8, lng: 37.5 },
      { line: 3, lat: 55.7, lng: 37.7 },
    ]);
    expect(outlineVertices('95, 37\n55, 37')).toEqual([{ line: 1, lat: 55, lng: 37 }]);
    text = moveVertex(text, 3, 55.6500001, 37.8);
    expect(text).toBe('55.755826, 37.6173\n55.8, 37.5\nне точка\n55.65, 37.8');
    expect(moveVertex(text, 9, 1, 1)).toBe(text);
    text = dropLastVertex(text);
    expect(text).toBe('55.755826, 37.6173\n55.8, 37.5\nне точка');
    expect(dropLastVertex('не точка')).toBe('не точка');
  });
});
