import Decimal from 'decimal.js';
import type { Insertable } from 'kysely';
import type { Db } from '@/db/database';
import type { CatalogProductsTable } from '@/db/schema';
import { insertReturningIds, insertRows } from './batch-insert';
import { BRANDS, EXTRA_COUNTRIES, WAREHOUSES, type BrandSpec } from './catalog-brands-ru';
import { SECTION_TREE, type LeafSection } from './catalog-sections-ru';
import { roundPrice, toMoney } from './money';
import type { Random } from './random';

/** The first product code; codes run on from it (spec: a product code is 6 digits). */
export const FIRST_PRODUCT_CODE = 100001;

export interface SeededProduct {
  id: number;
  code: string;
  name: string;
  leafName: string;
  brand: string;
  purchase: Decimal;
  rrc: Decimal;
  /** Corporate multiplicity: order quantities are multiples of it. */
  pack: number;
  /** How often clients order it, relative to the others. */
  popularity: number;
  active: boolean;
}

export interface SeededCatalog {
  products: SeededProduct[];
}

interface ProductPlan extends Omit<SeededProduct, 'id' | 'code'> {
  leafIndex: number;
  brandSpec: BrandSpec;
  line: string | null;
  country: string;
  unit: string;
  box: number;
}

const brandSpec = new Map(BRANDS.map((b) => [b.name, b]));

function leaves(): LeafSection[] {
  return SECTION_TREE.flatMap((top) => top.children.flatMap((mid) => mid.leaves));
}

/** Splits `total` between the leaves in proportion to their weights. */
function allocate(weights: number[], total: number): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  const counts = weights.map((w) => Math.floor((w / sum) * total));
  for (let i = 0, rest = total - counts.reduce((s, c) => s + c, 0); rest > 0; i++, rest--) counts[i % counts.length]++;
  return counts;
}

function planProduct(rng: Random, leaf: LeafSection, leafIndex: number): ProductPlan {
  const brand = brandSpec.get(rng.pick(leaf.brands));
  if (!brand) throw new Error(`Unknown brand in section ${leaf.name}`);
  const line = brand.lines.length ? rng.pick(brand.lines) : null;
  const attrs = leaf.attrs.map((values) => rng.pick(values));
  const name = `${leaf.item} ${brand.name}${line ? ` ${line}` : ''}, ${attrs.join(', ')}`;
  const [min, max] = leaf.price;
  const base = min + (max - min) * rng.skewed(1.6);
  const purchase = Decimal.max(roundPrice(new Decimal(base * brand.priceFactor)), '1.00');
  const rrc = roundPrice(purchase.mul(rng.int(125, 180)).div(100));
  const cheap = purchase.lt(3000) ? 1 : 0.2;
  return {
    name,
    leafName: leaf.name,
    brand: brand.name,
    purchase,
    rrc,
    pack: leaf.pack,
    box: leaf.box,
    unit: leaf.unit ?? 'шт',
    popularity: (0.2 + 20 * rng.skewed(3)) * cheap,
    active: rng.chance(0.98),
    leafIndex,
    brandSpec: brand,
    line,
    country: rng.chance(0.7) ? brand.countries[0] : rng.pick(brand.countries),
  };
}

/** Products of every leaf, names unique where the attributes allow, shuffled so that codes mix sections. */
function planProducts(rng: Random, total: number): ProductPlan[] {
  const all = leaves();
  const counts = allocate(
    all.map((l) => l.weight ?? 1),
    total,
  );
  const names = new Set<string>();
  const plans: ProductPlan[] = [];
  all.forEach((leaf, leafIndex) => {
    for (let i = 0; i < counts[leafIndex]; i++) {
      let plan = planProduct(rng, leaf, leafIndex);
      for (let retry = 0; names.has(plan.name) && retry < 20; retry++) plan = planProduct(rng, leaf, leafIndex);
      names.add(plan.name);
      plans.push(plan);
    }
  });
  return rng.shuffle(plans);
}

const unique = <T>(items: Iterable<T>) => [...new Set(items)];

async function insertNamed(db: Db, table: 'catalog_brands' | 'catalog_countries' | 'catalog_manufacturers', names: string[]) {
  const ids = await insertReturningIds(
    db,
    table,
    names.map((name) => ({ name })),
    ['name'],
  );
  return new Map(names.map((name, i) => [name, ids[i]]));
}

/** Three section levels; answers the id of every leaf, in tree order. */
async function insertSections(db: Db) {
  const code = (...path: number[]) => `s${path.map((n) => String(n + 1).padStart(2, '0')).join('-')}`;
  const topIds = await insertReturningIds(
    db,
    'catalog_sections',
    SECTION_TREE.map((top, t) => ({ depth: 1, code: code(t), name: top.name, sort: (t + 1) * 10, parent_id: null })),
    ['code'],
  );
  const middles = SECTION_TREE.flatMap((top, t) => top.children.map((mid, m) => ({ mid, t, m })));
  const middleIds = await insertReturningIds(
    db,
    'catalog_sections',
    middles.map(({ mid, t, m }) => ({ depth: 2, code: code(t, m), name: mid.name, sort: (m + 1) * 10, parent_id: topIds[t] })),
    ['code'],
  );
  const leafRows = middles.flatMap(({ mid, t, m }, mi) =>
    mid.leaves.map((leaf, l) => ({ depth: 3, code: code(t, m, l), name: leaf.name, sort: (l + 1) * 10, parent_id: middleIds[mi] })),
  );
  const leafIds = await insertReturningIds(db, 'catalog_sections', leafRows, ['code']);
  return leafIds;
}

function stockQuantity(rng: Random, product: ProductPlan, factor: number): number {
  if (!product.active || rng.chance(0.12)) return 0;
  return Math.max(product.pack, Math.round(product.pack * rng.int(1, 300) * factor * rng.skewed(1.5)));
}

/** The distributor's catalogue: shared reference data of every partner. */
export async function seedCatalog(db: Db, rng: Random, opts: { productCount: number }): Promise<SeededCatalog> {
  const plans = planProducts(rng, opts.productCount);

  const countries = await insertNamed(db, 'catalog_countries', unique([...BRANDS.flatMap((b) => b.countries), ...EXTRA_COUNTRIES]));
  const manufacturers = await insertNamed(db, 'catalog_manufacturers', unique(BRANDS.map((b) => b.manufacturer)));
  const brands = await insertNamed(
    db,
    'catalog_brands',
    BRANDS.map((b) => b.name),
  );
  const lineRows = BRANDS.flatMap((b) => b.lines.map((name) => ({ brand_id: brands.get(b.name)!, name })));
  const lineIds = await insertReturningIds(db, 'catalog_lines', lineRows, ['brand_id', 'name']);
  const lines = new Map(lineRows.map((row, i) => [`${row.brand_id}:${row.name}`, lineIds[i]]));
  const leafIds = await insertSections(db);

  const rows: Insertable<CatalogProductsTable>[] = plans.map((p, i) => {
    const code = String(FIRST_PRODUCT_CODE + i);
    const brandId = brands.get(p.brand)!;
    const detail = `/pictures/products/${code}.jpg`;
    return {
      up_code_1c: code,
      name: p.name,
      section_id: leafIds[p.leafIndex],
      brand_id: brandId,
      country_id: countries.get(p.country)!,
      manufacturer_id: manufacturers.get(p.brandSpec.manufacturer)!,
      line_id: p.line ? lines.get(`${brandId}:${p.line}`)! : null,
      unit: p.unit,
      preview_picture: `/pictures/products/preview/${code}.jpg`,
      detail_picture: detail,
      pictures: JSON.stringify(i % 3 === 0 ? [detail, `/pictures/products/${code}_2.jpg`] : [detail]),
      purchase_price: toMoney(p.purchase),
      rrc: toMoney(p.rrc),
      vat_rate: 20,
      multiplicity: 1,
      multiplicity_corporate: p.pack,
      multiplicity_commercial: p.pack * p.box,
      active: p.active,
    };
  });
  const productIds = await insertReturningIds(db, 'catalog_products', rows, ['up_code_1c']);

  const warehouseIds = await insertReturningIds(
    db,
    'catalog_warehouses',
    WAREHOUSES.map(({ code, name, city, sort }) => ({ code, name, city, sort })),
    ['code'],
  );
  await insertRows(
    db,
    'catalog_stock',
    plans.flatMap((p, i) =>
      WAREHOUSES.map((w, wi) => ({
        product_id: productIds[i],
        warehouse_id: warehouseIds[wi],
        quantity: stockQuantity(rng, p, w.stockFactor),
      })),
    ),
  );

  const products = plans.map((p, i): SeededProduct => ({
    id: productIds[i],
    code: rows[i].up_code_1c,
    name: p.name,
    leafName: p.leafName,
    brand: p.brand,
    purchase: p.purchase,
    rrc: p.rrc,
    pack: p.pack,
    popularity: p.popularity,
    active: p.active,
  }));
  return { products };
}
