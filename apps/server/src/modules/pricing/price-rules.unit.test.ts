import { describe, expect, it } from 'vitest';
import { priceOf as fullPriceOf, priceValueOf, type ListFacts, type ListRules, type PriceContext, type ProductFacts } from './price-rules';

const NO_FACTS: ListFacts = { excelPrice: null, excelPercent: null, productRate: null, sectionRate: null };
const list = (over: Partial<ListRules> = {}): ListRules => ({
  id: 1,
  priceType: 'PURCHASE',
  sectionRate: null,
  rounding: 'TWO_DECIMAL',
  unit: 'RUB',
  ...over,
});
const ctx = (chain: ListRules[], over: Partial<PriceContext> = {}): PriceContext => ({
  chain,
  taxType: 'WITH_VAT',
  currency: 'RUB',
  currencyRate: null,
  ...over,
});
const product = (lists: Partial<ListFacts>[], over: Partial<ProductFacts> = {}): ProductFacts => ({
  productId: 7,
  purchase: '100.0000',
  rrc: '149.9900',
  vatRate: 20,
  lists: lists.map((l) => ({ ...NO_FACTS, ...l })),
  personalPrice: null,
  promo: null,
  ...over,
});

/** Every rule below is pinned for priceValueOf too: the price alone (the preview's) is always priceOf's price. */
function priceOf(c: PriceContext, p: ProductFacts) {
  const full = fullPriceOf(c, p);
  expect(priceValueOf(c, p)).toBe(full.price);
  return full;
}

describe('the price engine rules', () => {
  it('starts from the RRC by default and from the purchase price for PURCHASE lists', () => {
    expect(priceOf(ctx([list({ priceType: 'RRC' })]), product([{}]))).toMatchObject({ price: '149.99', source: 'START', basePrice: '149.99' });
    expect(priceOf(ctx([list({ priceType: 'PURCHASE' })]), product([{}]))).toMatchObject({ price: '100.00', source: 'START' });
  });

  it("applies the list's own rate when the product and its sections have none", () => {
    expect(priceOf(ctx([list({ sectionRate: '15.00' })]), product([{}], { purchase: '33.3300' }))).toMatchObject({
      price: '38.33', // 33.33 × 1.15 = 38.3295
      percent: '15.00',
      source: 'LIST_RATE',
    });
  });

  it('takes the nearest section rate over the list rate, and a product rate over the section rate', () => {
    const rules = ctx([list({ sectionRate: '15.00' })]);
    expect(priceOf(rules, product([{ sectionRate: '12.50' }]))).toMatchObject({ price: '112.50', source: 'SECTION_RATE' });
    expect(priceOf(rules, product([{ sectionRate: '12.50', productRate: '7.25' }]))).toMatchObject({ price: '107.25', source: 'PRODUCT_RATE' });
  });

  it('lets an Excel percent beat the individual rate and an Excel site price beat every percent', () => {
    const rules = ctx([list({ sectionRate: '15.00' })]);
    expect(priceOf(rules, product([{ productRate: '7.25', excelPercent: '-3.5' }]))).toMatchObject({ price: '96.50', source: 'EXCEL_PERCENT' });
    expect(priceOf(rules, product([{ productRate: '7.25', excelPrice: '123.4567' }]))).toMatchObject({
      price: '123.46',
      source: 'EXCEL_PRICE',
      percent: null,
    });
  });

  it('gives a discount off the RRC with a negative percent on an RRC list', () => {
    expect(priceOf(ctx([list({ priceType: 'RRC' })]), product([{ sectionRate: '-10' }]))).toMatchObject({ price: '134.99' }); // 149.99 × 0.9 = 134.991
  });

  it("prices a column by its own rules, then by its parent list's", () => {
    const chain = [list({ id: 2, sectionRate: null }), list({ id: 1, sectionRate: '15.00' })];
    expect(priceOf(ctx(chain), product([{ sectionRate: '10' }, {}]))).toMatchObject({ price: '110.00', source: 'SECTION_RATE' });
    expect(priceOf(ctx(chain), product([{}, { productRate: '20' }]))).toMatchObject({ price: '120.00', source: 'PRODUCT_RATE' });
    expect(priceOf(ctx(chain), product([{}, {}]))).toMatchObject({ price: '115.00', source: 'LIST_RATE' });
  });

  it("lets the client's personal price beat every list rule", () => {
    expect(priceOf(ctx([list({ sectionRate: '15' })]), product([{ excelPrice: '90' }], { personalPrice: '87.1250' }))).toMatchObject({
      price: '87.13',
      source: 'PERSONAL',
    });
  });

  it('removes VAT for WO_VAT shops at the product rate', () => {
    // 120 with 20 % VAT is 100 without; 110 with 10 % VAT is 100 without.
    expect(priceOf(ctx([list({ sectionRate: '20' })], { taxType: 'WO_VAT' }), product([{}])).price).toBe('100.00');
    expect(priceOf(ctx([list({ sectionRate: '10' })], { taxType: 'WO_VAT' }), product([{}], { vatRate: 10 })).price).toBe('100.00');
    expect(priceOf(ctx([list()], { taxType: 'WO_VAT' }), product([{}], { purchase: '99.9900' })).price).toBe('83.33'); // 83.325
  });

  it("shows a RATE list in the shop's currency at its rate, and a RUB list in roubles", () => {
    const foreign = { currency: 'USD', currencyRate: '92.5000' };
    expect(priceOf(ctx([list({ unit: 'RATE', sectionRate: '85' })], foreign), product([{}]))).toEqual(
      expect.objectContaining({ price: '2.00', currency: 'USD' }), // 185 / 92.5
    );
    expect(priceOf(ctx([list({ unit: 'RUB', sectionRate: '85' })], foreign), product([{}]))).toMatchObject({ price: '185.00', currency: 'RUB' });
  });

  it('rounds half up to the list digits', () => {
    const p = product([{ excelPrice: '104.45' }]);
    expect(priceOf(ctx([list({ rounding: 'NO_DECIMAL' })]), p).price).toBe('104');
    expect(priceOf(ctx([list({ rounding: 'ONE_DECIMAL' })]), p).price).toBe('104.5');
    expect(priceOf(ctx([list({ rounding: 'TWO_DECIMAL' })]), product([{ excelPrice: '0.005' }])).price).toBe('0.01');
    expect(priceOf(ctx([list({ rounding: 'NO_DECIMAL' })]), product([{ excelPrice: '104.5' }])).price).toBe('105');
  });

  it('never goes through binary floats: 0.1 + 0.2 style inputs stay exact', () => {
    expect(priceOf(ctx([list({ sectionRate: '10' })]), product([{}], { purchase: '0.3000' })).price).toBe('0.33');
    expect(priceOf(ctx([list({ rounding: 'TWO_DECIMAL', sectionRate: '0.01' })]), product([{}], { purchase: '1000000.0000' })).price).toBe(
      '1000100.00',
    );
  });

  it("takes a running offer's promo price only when it is below the client's price, keeping the old one", () => {
    const rules = ctx([list({ sectionRate: '20' })]); // 120.00 without the offer
    const promo = (price: string) => ({ promo: { price, offerId: 9, offerName: 'Акция' } });
    expect(priceOf(rules, product([{}], promo('99.995')))).toMatchObject({
      price: '100.00',
      oldPrice: '120.00',
      source: 'OFFER',
      offer: { id: 9, name: 'Акция' },
    });
    expect(priceOf(rules, product([{}], promo('120.00')))).toMatchObject({ price: '120.00', oldPrice: null, offer: null, source: 'LIST_RATE' });
    expect(priceOf(rules, product([{}], { ...promo('90'), personalPrice: '80' }))).toMatchObject({ price: '80.00', source: 'PERSONAL', offer: null });
    // Shown as every price of the shop: without VAT in a WO_VAT shop (90 / 1.2 = 75), the list's rounding.
    expect(priceOf(ctx([list({ sectionRate: '20', rounding: 'NO_DECIMAL' })], { taxType: 'WO_VAT' }), product([{}], promo('90')))).toMatchObject({
      price: '75',
      oldPrice: '100',
    });
  });

  it('answers the price in roubles (the stored figure) and the purchase price on the same VAT basis, to 4 decimals', () => {
    const foreign = { currency: 'USD', currencyRate: '92.5000' };
    // 185 / 92.5 = 2.00 USD shown; the order stores 2.00 × 92.5 = 185 roubles, never the dollars.
    expect(priceOf(ctx([list({ unit: 'RATE', sectionRate: '85' })], foreign), product([{}]))).toMatchObject({ price: '2.00', rubles: '185.0000' });
    // A rouble list in a dollar shop is roubles already: no rate applied.
    expect(priceOf(ctx([list({ unit: 'RUB', sectionRate: '85' })], foreign), product([{}]))).toMatchObject({ price: '185.00', rubles: '185.00' });
    // The purchase keeps its 4 decimals (10.1250, not 10.13) ...
    expect(priceOf(ctx([list({ sectionRate: '10' })]), product([{}], { purchase: '10.1250' })).purchase).toBe('10.1250');
    // ... and a WO_VAT shop nets it of VAT like the price: 179.8100 / 1.2 = 149.8417, the price 172.32 net of 206.78.
    expect(priceOf(ctx([list({ sectionRate: '15' })], { taxType: 'WO_VAT' }), product([{}], { purchase: '179.8100' }))).toMatchObject({
      purchase: '149.8417',
      price: '172.32',
    });
  });
});
