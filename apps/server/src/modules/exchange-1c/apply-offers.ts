import Decimal from 'decimal.js';
import { EXCHANGE_1C_APPLY_MSG as APPLY_MSG, EXCHANGE_1C_MSG } from '@b2b/contracts/exchange-1c';
import { compareDecimal } from '@b2b/contracts/decimal-text';
import { LIMITS } from '@b2b/contracts/limits';
import { PRICING_MSG } from '@b2b/contracts/pricing';
import type { Db } from '@/db/database';
import type { PriceUploadFromRows, StagedRow, UploadTarget } from '@/modules/pricing/price-upload-from-rows.service';
import type { Exchange1cPriceMapping } from '@/db/schema';
import { JobInterrupted, type JobContext } from '@/jobs/job-queue';
import type { OfferIn, OffersHeaderIn } from './commerceml/commerceml-types';
import { ExchangeRefusal } from './exchange-files';
import { exchangeProductsRepo } from './exchange-products.repo';
import type { RunReport } from './exchange-runs.repo';

/*
 * offers.xml, prices*.xml, rests*.xml (issue 41): each price type mapped in the settings (by Ид, else by name) gives
 * one price upload of its list or column, and Количество (else the sum of the Склад quantities) one upload of the
 * partner's remains — staged from the offers and applied by the pricing module's own apply, source «1С», no preview.
 * A full package (СодержитТолькоИзменения absent or false) replaces as a full price file does (what it does not name
 * goes); a package of changes keeps the rest. A target gets an upload only if the package has rows for it (a
 * prices-only file leaves the stock alone).
 *
 * Bad rows: a price of text or below zero, a negative or non-numeric quantity, a product named twice — that row is
 * refused and logged (rows_refused, errors), the rest applied; the refused product keeps its value even in a full
 * package. Unmatched offers are listed. No price type mapped while the package has prices: the whole package is
 * refused (noPriceMapping) and nothing is applied, its stock neither — a half-configured exchange is fixed and
 * repeated rather than left with stock of a new date and prices of an old one. A package without price types
 * (rests*.xml) applies its stock.
 *
 * Restart: the run keeps the ids of its uploads. A re-run reads the file again (the log's counts start from zero at
 * each attempt), stages again only the uploads an earlier attempt had not finished staging, and applies those not
 * applied — the pricing apply goes on after its last chunk. Nothing is applied twice, nothing left half: a failed
 * attempt puts back the chunks it wrote, and the last one also takes back the run's uploads applied before (the job
 * `pricing.rollback`, when the uploads were given the job queue).
 */

interface ApplyOffersDeps {
  uploads: PriceUploadFromRows;
  /** The job's context: its stop signal between apply chunks, and whether this is its last attempt. */
  ctx: JobContext;
  /** Offers read, matched and staged at once (a test's small batches stage a few offers each). */
  batch?: number;
}

const BATCH = 2_000;
/** A stock figure must fit the remains' integer column. */
const QUANTITY_MAX = new Decimal(999_999_999);

type Target = UploadTarget & { key: string; label: string; priceTypeId?: string };

/** A decimal 1C wrote («1 234,50», «12.5»): its text with a point, or null when it is not a number. */
function decimalText(value: string): string | null {
  const v = value.replace(/[\s\u00a0]/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(v) ? v : null;
}

/** The price of an offer, to 4 decimals, or why it is refused. */
function offerPrice(value: string): { price: string } | { error: string } {
  // As 1C writes nearly every price: within the cap and the 4 decimals kept, taken as it is (no decimal arithmetic).
  if (/^\d{1,9}(\.\d{1,4})?$/.test(value)) return { price: value };
  const v = decimalText(value);
  if (v === null || v.startsWith('-')) return { error: EXCHANGE_1C_MSG.badPrice };
  const price = new Decimal(v).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed();
  if (compareDecimal(price, LIMITS.moneyMax) > 0) return { error: APPLY_MSG.priceTooLarge };
  return { price };
}

/** An offer's stock: Количество, else the sum of its warehouses (whole units, a fraction dropped); null: none given. */
function offerQuantity(offer: Pick<OfferIn, 'quantity' | 'warehouses'>): { quantity: number | null } | { error: string } {
  if (offer.quantity !== null && /^\d{1,9}$/.test(offer.quantity)) return { quantity: Number(offer.quantity) };
  const given = offer.quantity !== null && offer.quantity.trim() !== '' ? [offer.quantity] : offer.warehouses.map((w) => w.quantity);
  if (!given.length) return { quantity: null };
  let sum = new Decimal(0);
  for (const q of given) {
    const v = decimalText(q);
    if (v === null || v.startsWith('-')) return { error: EXCHANGE_1C_MSG.badQuantity };
    sum = sum.add(v);
  }
  if (sum.gt(QUANTITY_MAX)) return { error: APPLY_MSG.quantityTooLarge };
  return { quantity: sum.floor().toNumber() };
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('ru') === b.trim().toLocaleLowerCase('ru');

/** The label of an offer in the log: its name and 1C's Ид. */
const offerLabel = (o: OfferIn) => (o.name ? `«${o.name}» (${o.id})` : `«${o.id}»`);

export async function applyOffers(
  db: Db,
  deps: ApplyOffersDeps,
  input: { partnerId: number; runId: number; header: OffersHeaderIn; offers: AsyncIterable<OfferIn>; report: RunReport; fileName?: string },
): Promise<{ offers: number; prices: number; stock: number; refused: number; unmatched: number; uploads: number[] }> {
  const { partnerId, header, report } = input;
  const uploads = deps.uploads;
  const settings = await db.selectFrom('exchange_1c_settings').select(['price_map']).where('partner_id', '=', partnerId).executeTakeFirst();
  if (header.priceTypes.length)
    await db
      .updateTable('exchange_1c_settings')
      .set({ price_types_seen: JSON.stringify(header.priceTypes.map((p) => ({ id: p.id, name: p.name, currency: p.currency }))) })
      .where('partner_id', '=', partnerId)
      .execute();

  // The price types → the targets (a list or column named twice takes the first type's prices).
  const map = (settings?.price_map ?? []) as Exchange1cPriceMapping[];
  const byType = new Map<string, Target>();
  const notes: string[] = [];
  for (const type of header.priceTypes) {
    const m = map.find((x) => x.typeId === type.id) ?? map.find((x) => sameName(x.typeName, type.name));
    if (!m) {
      notes.push(APPLY_MSG.priceTypeNotMapped(type.name));
      continue;
    }
    const t = await uploads.target(partnerId, { kind: 'PRICE', listId: Number(m.priceListId) });
    if (!t) {
      notes.push(APPLY_MSG.priceListGone(type.name));
      continue;
    }
    const key = `PRICE:${t.listId}`;
    if ([...byType.values()].some((x) => x.key === key)) continue;
    byType.set(type.id, { ...t, key, label: t.name, priceTypeId: type.id });
  }
  if (header.priceTypes.length && !byType.size) throw new ExchangeRefusal(EXCHANGE_1C_MSG.noPriceMapping);
  const stockTarget = await uploads.target(partnerId, { kind: 'REMAIN' });
  const stock: Target | undefined = stockTarget && { ...stockTarget, key: 'REMAIN', label: APPLY_MSG.applyingStock };
  for (const note of notes) await report.note(note);

  // This run's uploads from an earlier attempt: staged ones are kept, half-staged ones start again.
  const keyOf = (u: { kind: string; price_list_id: number | null }) => (u.kind === 'REMAIN' ? 'REMAIN' : `PRICE:${u.price_list_id}`);
  const earlier = new Map<string, { id: number; staged: boolean }>();
  for (const u of await uploads.find(partnerId, await report.uploadIds())) {
    if (u.status === 'CANCELLED') continue;
    const staged = u.catalog_status === 'FINISHED';
    if (!staged) await uploads.restage(partnerId, Number(u.id));
    earlier.set(keyOf(u), { id: Number(u.id), staged });
  }
  // A target another upload is busy with (an Excel file being read or applied) refuses the package before anything.
  for (const t of byType.values())
    if (!earlier.has(t.key) && (await uploads.busy(partnerId, t))) throw new ExchangeRefusal(`${t.label}: ${PRICING_MSG.uploadBusy}`);

  interface Staging {
    target: Target;
    uploadId?: number;
    /** Already staged by an earlier attempt: its rows are counted, not staged again. */
    done: boolean;
    lines: number;
    good: number;
    errors: number;
    seen: Set<number>;
    rows: StagedRow[];
  }
  const staging = new Map<string, Staging>();
  const stagingOf = (t: Target) => {
    let s = staging.get(t.key);
    if (!s) {
      const e = earlier.get(t.key);
      s = { target: t, uploadId: e?.id, done: e?.staged ?? false, lines: 0, good: 0, errors: 0, seen: new Set(), rows: [] };
      staging.set(t.key, s);
    }
    return s;
  };
  const addRow = (s: Staging, row: Omit<StagedRow, 'line' | 'percent' | 'multiplicity'>) => {
    s.lines++;
    if (row.error) s.errors++;
    else s.good++;
    s.rows.push({ ...row, line: s.lines, percent: null, multiplicity: null });
  };
  const flushRows = async (s: Staging) => {
    if (s.done || !s.rows.length) {
      s.rows = [];
      return;
    }
    if (s.uploadId === undefined) {
      const opened = await uploads.open(partnerId, s.target, {
        name: input.fileName ?? 'offers.xml',
        replace: !header.changesOnly,
        created: (id, trx) => report.addUploadId(id, trx),
      });
      if (opened === 'busy') throw new ExchangeRefusal(`${s.target.label}: ${PRICING_MSG.uploadBusy}`);
      s.uploadId = opened;
    }
    await uploads.stage(partnerId, s.uploadId, s.rows);
    s.rows = [];
  };

  const products = exchangeProductsRepo(db);
  let read = 0;
  let matchedCount = 0;
  let unmatchedCount = 0;
  /** Matches a batch, logs what it refuses and stages its rows (batches one after another, in order). */
  const processBatch = async (batch: OfferIn[]) => {
    const found = await products.match(partnerId, batch);
    const unmatched: { id: string; code: string | null; name: string | null }[] = [];
    const refused: string[] = [];
    batch.forEach((offer, i) => {
      const product = found[i];
      if (!product) {
        unmatched.push({ id: offer.id, code: offer.article ?? offer.barcodes[0] ?? null, name: offer.name });
        return;
      }
      matchedCount++;
      const row = { code: product.code, productId: product.productId, sitePrice: null, quantity: null, error: null };
      const refuse = (s: Staging, reason: string) => {
        addRow(s, { ...row, error: reason });
        refused.push(APPLY_MSG.offerRefused(offerLabel(offer), reason));
      };
      for (const p of offer.prices) {
        const t = byType.get(p.priceTypeId);
        if (!t) continue;
        const s = stagingOf(t);
        if (s.seen.has(product.productId)) refuse(s, APPLY_MSG.duplicateOffer);
        else {
          s.seen.add(product.productId);
          const price = offerPrice(p.value);
          if ('error' in price) refuse(s, price.error);
          else addRow(s, { ...row, sitePrice: price.price });
        }
      }
      if (!stock) return;
      const q = offerQuantity(offer);
      if ('quantity' in q && q.quantity === null) return;
      const s = stagingOf(stock);
      if (s.seen.has(product.productId)) refuse(s, APPLY_MSG.duplicateOffer);
      else {
        s.seen.add(product.productId);
        if ('error' in q) refuse(s, q.error);
        else addRow(s, { ...row, quantity: q.quantity });
      }
    });
    read += batch.length;
    await report.unmatched(unmatched);
    await report.refused(refused);
    unmatchedCount += unmatched.length;
    for (const s of staging.values()) await flushRows(s);
    await report.progress(Math.floor(60 * (read / (read + 20_000))), APPLY_MSG.offersRead(read));
  };
  // One batch is matched and staged while the next is read (on PostgreSQL the database works while the file is parsed);
  // with the parallel applies below: 100,000 offers 45.5 → 18.0 s on PostgreSQL's large set, the same busy 2-core
  // machine (load ~12); quieter, 12.5 s on PostgreSQL and 27.1 s on PGlite (bench/exchange-1c-run.ts, 2026-11-28).
  // Plain prices and quantities skip decimal.js (the rest is checked by it).
  // a failed one is thrown when awaited, and handled at once meanwhile (never unhandled).
  let inFlight: Promise<void> = Promise.resolve();
  let batch: OfferIn[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const next = batch;
    batch = [];
    await inFlight;
    inFlight = processBatch(next);
    inFlight.catch(() => undefined);
  };

  try {
    for await (const offer of input.offers) {
      batch.push(offer);
      if (batch.length >= (deps.batch ?? BATCH)) await flush();
    }
    await flush();
    await inFlight;
  } catch (err) {
    await inFlight.catch(() => undefined);
    // The package is refused (a broken file, a busy target): what it staged goes, and its targets are free again. A
    // stop (JobInterrupted) leaves the staging for the restarted job to begin again.
    if (!(err instanceof JobInterrupted))
      for (const s of staging.values()) if (s.uploadId !== undefined && !s.done) await uploads.cancel(partnerId, s.uploadId);
    throw err;
  }

  let prices = 0;
  let stockRows = 0;
  let refusedCount = 0;
  for (const s of staging.values()) {
    refusedCount += s.errors;
    if (s.target.kind === 'REMAIN') stockRows += s.good;
    else prices += s.good;
    if (s.uploadId !== undefined && !s.done) await uploads.staged(partnerId, s.uploadId, { lines: s.lines, errors: s.errors });
  }
  await report.count({ products_matched: matchedCount, prices, stock_rows: stockRows });

  // The applies (each resumes where a stopped attempt left it; an applied one is skipped): one after another in
  // chunks on the embedded database; at once, each in its own transaction, on PostgreSQL (their targets differ).
  const applied = [...staging.values()].filter((s) => s.uploadId !== undefined);
  try {
    if (uploads.chunked)
      for (const [i, s] of applied.entries()) {
        await report.progress(
          60 + Math.floor((40 * i) / applied.length),
          s.target.kind === 'REMAIN' ? APPLY_MSG.applyingStock : APPLY_MSG.applyingPrices(s.target.label),
        );
        await uploads.apply(partnerId, s.uploadId!, deps.ctx);
      }
    else {
      await report.progress(60, APPLY_MSG.applyingPrices(applied.map((s) => s.target.label).join('», «')));
      const results = await Promise.allSettled(applied.map((s) => uploads.apply(partnerId, s.uploadId!, deps.ctx)));
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    }
  } catch (err) {
    // The last attempt failed: the uploads of the run already applied are taken back (whole or not at all); the one
    // that failed has put its chunks back itself. A stop leaves them for the restarted job to go on.
    if (!(err instanceof JobInterrupted) && deps.ctx.final) for (const s of applied) await uploads.rollBack(partnerId, s.uploadId!);
    throw err;
  }
  await report.progress(100, APPLY_MSG.offersDone(prices, stockRows));
  return { offers: read, prices, stock: stockRows, refused: refusedCount, unmatched: unmatchedCount, uploads: applied.map((s) => s.uploadId!) };
}
