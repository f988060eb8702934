/*
 * What the site reads from and writes to 1C's CommerceML 2 documents (versions 2.03–2.10 as 1C:Enterprise writes them),
 * as plain records. The readers (commerceml/read-*.ts) stream a document into these; the appliers (apply-*.ts) act on
 * them; the sale writer (commerceml/write-orders.ts) writes orders from OrderOut.
 */

/** A product of import.xml's Каталог/Товары/Товар. */
export interface CatalogProductIn {
  /** 1C's Ид (a GUID, with «#characteristic» for a characteristic). */
  id: string;
  /** Артикул. */
  article: string | null;
  /** Код (an element or the requisite «Код»): 1C's own code. */
  code: string | null;
  name: string | null;
  /** Штрихкод (one or several). */
  barcodes: string[];
}

/** A price type of offers.xml's ПакетПредложений/ТипыЦен/ТипЦены. */
export interface PriceTypeIn {
  id: string;
  name: string;
  currency: string | null;
}

/** A warehouse of ПакетПредложений/Склады/Склад. */
export interface WarehouseIn {
  id: string;
  name: string | null;
}

/** One price of an offer (Цены/Цена). `value` as written (a decimal with a point or a comma); checked by the applier. */
export interface OfferPriceIn {
  priceTypeId: string;
  value: string;
  currency: string | null;
}

/** An offer of ПакетПредложений/Предложения/Предложение. */
export interface OfferIn {
  id: string;
  article: string | null;
  barcodes: string[];
  name: string | null;
  prices: OfferPriceIn[];
  /** Количество as written (may be absent, a decimal, or wrong: checked by the applier). */
  quantity: string | null;
  /** Склад ИдСклада/КоличествоНаСкладе pairs, or Остатки/Остаток/Склад (2.10). */
  warehouses: { warehouseId: string; quantity: string }[];
}

/** The header of an offers package, read before its first offer. */
export interface OffersHeaderIn {
  /** СодержитТолькоИзменения="true" (attribute of ПакетПредложений or element): only what it names changes. */
  changesOnly: boolean;
  priceTypes: PriceTypeIn[];
  warehouses: WarehouseIn[];
  schemaVersion: string | null;
}

/** A document of 1C's orders file (КоммерческаяИнформация/Документ, ХозОперация «Заказ товара»). */
export interface OrderDocumentIn {
  /** Ид: the site's order id as the site sent it (or 1C's own GUID for an order made in 1C). */
  id: string;
  /** Номер: the site's order number as sent. */
  number: string | null;
  /** ЗначенияРеквизитов: name → value, as written («Статус заказа», «Отменен», «Проведен», «Дата оплаты по 1С», …). */
  requisites: Record<string, string>;
  /** Комментарий (1C's comment, the reason of a cancel). */
  comment: string | null;
  deleted: boolean;
}

/** An order as the sale query sends it to 1C. */
export interface OrderOut {
  id: number;
  number: string;
  /** Placed at (the shop's time zone's local date and time are written). */
  createdAt: Date;
  currency: string;
  /** Decimal strings. */
  total: string;
  status: string;
  statusName: string;
  paymentTypeName: string;
  paid: boolean;
  comment: string | null;
  canceled: boolean;
  cancelReason: string | null;
  client: {
    id: number;
    name: string;
    inn: string | null;
    kpp: string | null;
    address: string | null;
    contactName: string | null;
    phone: string | null;
    email: string | null;
  };
  lines: {
    /** The product's 1C Ид when known (exchange_1c_products), else its platform code. */
    id: string;
    article: string | null;
    name: string;
    quantity: number;
    price: string;
    sum: string;
    gift: boolean;
  }[];
  /** Delivery as a service line, when the order has a delivery price. */
  delivery: { name: string; price: string } | null;
}
