import { DEFAULTS } from '@b2b/contracts/limits';
import { MOSCOW_AREA, SAINT_PETERSBURG_AREA, type CityProfile } from './names-ru';

/** The two demo suppliers: everything that is written by hand rather than generated. */

export interface TradepointSpec {
  address: string;
  fields: { city: string; street: string; house: string; building?: string };
  latitude: string;
  longitude: string;
  phone: string;
  isBase: boolean;
  workDays: string[];
  holidayWork: boolean;
}

export interface PriceListSpec {
  name: string;
  sort: number;
  priceType: 'RRC' | 'PURCHASE';
  /** Markup over the purchase price, percent. */
  rate: string;
}

export interface LoyaltyStatusSpec {
  title: string;
  /** Points multiplier, percent. */
  multiplier: string;
  /** Sum of completed orders from which the status applies. */
  threshold: string;
}

export interface PartnerSpec {
  name: string;
  legalName: string;
  shop: {
    shopLink: string;
    domainName: string;
    address: string;
    phones: { PHONE: string; COMMENT: string; MAIN: 0 | 1 }[];
    /** The smallest order the shop accepts, in roubles; its orders keep the sum they were placed under. */
    minOrderSum: string;
    /** Delivery zones with their price in roubles, in the order the shop shows them. */
    deliveryZones: { name: string; price: string }[];
  };
  tradepoints: TradepointSpec[];
  /** A second price list and a price column (the base price list always exists). */
  wholesaleList?: PriceListSpec;
  column?: PriceListSpec;
  loyalty?: { title: string; description: string; pointsPercent: string; statuses: LoyaltyStatusSpec[] };
  commercialOffer?: { postcode: string; legalAddress: string; phone: string; email: string; url: string };
  /** Where its clients are. */
  clientArea: readonly CityProfile[];
  orderPrefix: string;
}

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR'];

export const KANCLER: PartnerSpec = {
  name: 'Канцлер Опт',
  legalName: 'ООО «Канцлер Опт»',
  shop: {
    shopLink: 'kancler',
    minOrderSum: '5000.00',
    deliveryZones: [
      { name: 'Москва в пределах МКАД', price: '0.00' },
      { name: 'Москва за МКАД до 15 км', price: '700.00' },
      { name: 'Московская область до 50 км', price: '1500.00' },
    ],
    domainName: 'kancler.b2b.local',
    address: 'г. Москва, ул. Складочная, д. 1, стр. 5',
    phones: [
      { PHONE: '+7 (495) 787-45-12', COMMENT: 'Отдел продаж', MAIN: 1 },
      { PHONE: '+7 (495) 787-45-13', COMMENT: 'Склад', MAIN: 0 },
    ],
  },
  tradepoints: [
    {
      address: 'г. Москва, ул. Складочная, д. 1, стр. 5',
      fields: { city: 'Москва', street: 'ул. Складочная', house: '1', building: '5' },
      latitude: '55.8037200',
      longitude: '37.5929800',
      phone: '+7 (495) 787-45-12',
      isBase: true,
      workDays: WEEKDAYS,
      holidayWork: false,
    },
    {
      address: 'г. Москва, Варшавское ш., д. 125, стр. 1',
      fields: { city: 'Москва', street: 'Варшавское ш.', house: '125', building: '1' },
      latitude: '55.6161400',
      longitude: '37.6080500',
      phone: '+7 (495) 787-45-20',
      isBase: false,
      workDays: [...WEEKDAYS, 'SA'],
      holidayWork: true,
    },
  ],
  wholesaleList: { name: 'Оптовый прайс', sort: 300, priceType: 'PURCHASE', rate: '15.00' },
  column: { name: 'Крупный опт', sort: 400, priceType: 'PURCHASE', rate: '10.00' },
  loyalty: {
    title: 'Канцлер Бонус',
    description: 'Баллы за каждый исполненный заказ: 1 балл = 1 рубль при оплате следующих заказов.',
    pointsPercent: '3.00',
    statuses: [
      { title: 'Базовый', multiplier: '100.00', threshold: '0' },
      { title: 'Серебряный', multiplier: '150.00', threshold: '50000' },
      { title: 'Золотой', multiplier: '200.00', threshold: '150000' },
    ],
  },
  commercialOffer: {
    postcode: '127018',
    legalAddress: '127018, г. Москва, ул. Складочная, д. 1, стр. 5, офис 214',
    phone: '+7 (495) 787-45-12',
    email: 'sales@kancler.b2b.local',
    url: 'https://kancler.b2b.local',
  },
  clientArea: MOSCOW_AREA,
  orderPrefix: 'К',
};

export const OFFICE_MARKET: PartnerSpec = {
  name: 'Офис Маркет',
  legalName: 'ООО «Офис Маркет»',
  shop: {
    shopLink: 'officemarket',
    minOrderSum: '3000.00',
    deliveryZones: [
      { name: 'Санкт-Петербург в пределах КАД', price: '0.00' },
      { name: 'Ленинградская область до 30 км', price: '900.00' },
    ],
    domainName: 'officemarket.b2b.local',
    address: 'г. Санкт-Петербург, Кантемировская ул., д. 12',
    phones: [{ PHONE: '+7 (812) 336-90-15', COMMENT: 'Отдел продаж', MAIN: 1 }],
  },
  tradepoints: [
    {
      address: 'г. Санкт-Петербург, Кантемировская ул., д. 12',
      fields: { city: 'Санкт-Петербург', street: 'Кантемировская ул.', house: '12' },
      latitude: '59.9852100',
      longitude: '30.3441300',
      phone: '+7 (812) 336-90-15',
      isBase: true,
      workDays: WEEKDAYS,
      holidayWork: false,
    },
  ],
  clientArea: SAINT_PETERSBURG_AREA,
  orderPrefix: 'ОМ',
};

/** Shop opening hours as shown to buyers. */
export const OPENING_HOURS = `Пн–Пт ${DEFAULTS.workHoursText}`;
