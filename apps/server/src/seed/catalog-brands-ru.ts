/** Brands (trade marks) of the distributor's catalogue, with their manufacturer, countries and product lines. */

export interface BrandSpec {
  name: string;
  manufacturer: string;
  /** Countries of production, the first the most frequent. */
  countries: readonly string[];
  /** Product lines (series); a brand without lines names its products without one. */
  lines: readonly string[];
  /** Price level against the section's average: premium brands above 1, economy brands below. */
  priceFactor: number;
}

export const BRANDS: readonly BrandSpec[] = [
  {
    name: 'ErichKrause',
    manufacturer: 'ErichKrause Group',
    countries: ['Китай', 'Россия'],
    lines: ['R-301', 'Ultra Glide', 'Megapolis', 'Classic', 'Neon', 'Smart'],
    priceFactor: 1,
  },
  {
    name: 'Brauberg',
    manufacturer: 'ГК «Самсон»',
    countries: ['Китай', 'Россия'],
    lines: ['Office', 'Extra', 'Ultra', 'Fantasy', 'Profi', 'Contract'],
    priceFactor: 0.95,
  },
  {
    name: 'Attache',
    manufacturer: 'ООО «Комус»',
    countries: ['Китай', 'Россия', 'Вьетнам'],
    lines: ['Selection', 'Economy', 'Bright Colours', 'Classic'],
    priceFactor: 0.9,
  },
  { name: 'Kores', manufacturer: 'Kores Holding GmbH', countries: ['Австрия', 'Германия'], lines: ['Kolor', 'Office', 'Supreme'], priceFactor: 1.15 },
  {
    name: 'Pilot',
    manufacturer: 'Pilot Corporation',
    countries: ['Япония', 'Китай'],
    lines: ['BPS-GP', 'G-2', 'FriXion', 'Super Grip', 'V5'],
    priceFactor: 1.4,
  },
  {
    name: 'Stabilo',
    manufacturer: 'Schwan-STABILO',
    countries: ['Германия', 'Чехия'],
    lines: ['Boss Original', 'point 88', 'Swano', 'Greenpoint', 'Othello'],
    priceFactor: 1.4,
  },
  { name: 'SvetoCopy', manufacturer: 'АО «Интернешнл Пейпер»', countries: ['Россия'], lines: ['Premium', 'ECO'], priceFactor: 1 },
  { name: 'SvetoCopy Classic', manufacturer: 'АО «Интернешнл Пейпер»', countries: ['Россия'], lines: [], priceFactor: 0.95 },
  { name: 'Снегурочка', manufacturer: 'АО «Монди СЛПК»', countries: ['Россия'], lines: ['Classic', 'Premium'], priceFactor: 0.97 },
  { name: 'Комус', manufacturer: 'ООО «Комус»', countries: ['Россия', 'Китай'], lines: ['Стандарт', 'Офис', 'Эконом'], priceFactor: 0.85 },
  {
    name: 'Berlingo',
    manufacturer: 'ООО «Берлинго»',
    countries: ['Китай', 'Россия'],
    lines: ['xGold', 'Triangle', 'City Style', 'Tribase', 'Classic'],
    priceFactor: 0.9,
  },
  { name: 'Staff', manufacturer: 'ГК «Самсон»', countries: ['Китай', 'Индия'], lines: ['Basic', 'Everyday', 'Profit', 'Manager'], priceFactor: 0.8 },
  {
    name: 'Maped',
    manufacturer: 'Maped SAS',
    countries: ['Франция', 'Китай'],
    lines: ['Green Pulse', 'Black Peps', 'Color Peps', 'Advanced'],
    priceFactor: 1.3,
  },
  {
    name: 'Faber-Castell',
    manufacturer: 'Faber-Castell AG',
    countries: ['Германия', 'Индия'],
    lines: ['Grip 2001', 'Castell 9000', 'Goldfaber', 'Textliner'],
    priceFactor: 1.5,
  },
  {
    name: 'Schneider',
    manufacturer: 'Schneider Schreibgeräte GmbH',
    countries: ['Германия'],
    lines: ['K15', 'Slider', 'Maxx', 'Tops'],
    priceFactor: 1.3,
  },
  { name: 'Deli', manufacturer: 'Deli Group Co., Ltd.', countries: ['Китай'], lines: ['Effective', 'Nusign', 'Stella'], priceFactor: 0.85 },
  { name: 'Hatber', manufacturer: 'ООО «Хатбер-М»', countries: ['Россия'], lines: ['Metallic', 'Premium', 'Vivid', 'Eco'], priceFactor: 0.9 },
  { name: 'Луч', manufacturer: 'ЗАО «Луч»', countries: ['Россия'], lines: ['Классика', 'Школа творчества', 'Zoo'], priceFactor: 0.8 },
  { name: 'Гамма', manufacturer: 'ОАО «Гамма»', countries: ['Россия'], lines: ['Студия', 'Классическая', 'Оранжевое солнце'], priceFactor: 0.9 },
  {
    name: 'Koh-i-Noor',
    manufacturer: 'Koh-i-Noor Hardtmuth a.s.',
    countries: ['Чехия'],
    lines: ['Progresso', 'Mondeluz', 'Polycolor'],
    priceFactor: 1.2,
  },
  { name: 'Centropen', manufacturer: 'Centropen a.s.', countries: ['Чехия'], lines: ['Permanent', 'Dry Safe', 'Handwriter'], priceFactor: 1 },
  { name: 'Fiskars', manufacturer: 'Fiskars Group', countries: ['Финляндия', 'Китай'], lines: ['Classic', 'Functional Form'], priceFactor: 1.5 },
  {
    name: 'Fellowes',
    manufacturer: 'Fellowes Brands',
    countries: ['Китай', 'США'],
    lines: ['Powershred', 'Saturn', 'Jupiter', 'Lunar'],
    priceFactor: 1.2,
  },
  {
    name: 'Casio',
    manufacturer: 'Casio Computer Co., Ltd.',
    countries: ['Китай', 'Япония'],
    lines: ['GR-12', 'MS-20', 'DJ-120', 'SL-300', 'JF-120'],
    priceFactor: 1.2,
  },
  {
    name: 'Citizen',
    manufacturer: 'Citizen Systems Japan',
    countries: ['Китай', 'Япония'],
    lines: ['SDC-888', 'CT-555', 'SLD-200'],
    priceFactor: 1.1,
  },
  { name: 'Office Kit', manufacturer: 'ООО «Офис Кит»', countries: ['Китай', 'Россия'], lines: ['Standard', 'Premium'], priceFactor: 0.9 },
  { name: 'Cactus', manufacturer: 'Cactus Trading', countries: ['Китай'], lines: ['CS', 'CSP'], priceFactor: 0.7 },
  { name: 'HP', manufacturer: 'HP Inc.', countries: ['Китай', 'Вьетнам'], lines: ['Original'], priceFactor: 1.6 },
  { name: 'Tork', manufacturer: 'Essity', countries: ['Россия', 'Польша', 'Швеция'], lines: ['Advanced', 'Universal', 'Premium'], priceFactor: 1.2 },
  { name: 'Zewa', manufacturer: 'Essity', countries: ['Россия', 'Германия'], lines: ['Deluxe', 'Plus', 'Kids'], priceFactor: 1.1 },
  { name: 'Katrin', manufacturer: 'Metsä Tissue', countries: ['Финляндия', 'Россия'], lines: ['Classic', 'Plus', 'Basic'], priceFactor: 1.15 },
  { name: 'Мягкий знак', manufacturer: 'ООО «Сыктывкар Тиссью Груп»', countries: ['Россия'], lines: ['Deluxe', 'Soft'], priceFactor: 0.9 },
  { name: 'Лайма', manufacturer: 'ГК «Самсон»', countries: ['Россия', 'Китай'], lines: ['Эконом', 'Премиум', 'Professional'], priceFactor: 0.8 },
  { name: 'Grass', manufacturer: 'ООО «Грасс»', countries: ['Россия'], lines: ['Professional', 'Velly', 'Gloss'], priceFactor: 0.9 },
  {
    name: 'Vileda',
    manufacturer: 'Freudenberg Home and Cleaning Solutions',
    countries: ['Германия', 'Италия'],
    lines: ['Professional', 'Style', 'Ultramax'],
    priceFactor: 1.3,
  },
  { name: '2x3', manufacturer: '2x3 S.A.', countries: ['Польша'], lines: ['Officeboard', 'Ecoboard', 'Magnetic'], priceFactor: 1.2 },
  { name: 'Trodat', manufacturer: 'Trodat GmbH', countries: ['Австрия'], lines: ['Printy', 'Professional'], priceFactor: 1.3 },
  { name: 'Colop', manufacturer: 'COLOP Stempelerzeugung', countries: ['Австрия'], lines: ['Printer', 'Pocket'], priceFactor: 1.2 },
  { name: 'Lomond', manufacturer: 'ООО «Ломонд»', countries: ['Россия', 'Китай'], lines: ['Color', 'Photo'], priceFactor: 1 },
];

/** Countries of the catalogue (every country a brand names, and a few more). */
export const EXTRA_COUNTRIES = ['Италия', 'Таиланд'] as const;

/** The distributor's warehouses; stock is kept per warehouse. */
export const WAREHOUSES = [
  { code: 'MSK', name: 'РЦ Москва (Подольск)', city: 'Москва', sort: 100, stockFactor: 1 },
  { code: 'SPB', name: 'РЦ Санкт-Петербург (Шушары)', city: 'Санкт-Петербург', sort: 200, stockFactor: 0.6 },
  { code: 'EKB', name: 'РЦ Екатеринбург', city: 'Екатеринбург', sort: 300, stockFactor: 0.35 },
  { code: 'NSK', name: 'РЦ Новосибирск', city: 'Новосибирск', sort: 400, stockFactor: 0.3 },
] as const;
