import { EXCHANGE_1C_APPLY_MSG } from '@b2b/contracts/exchange-1c';
import type { Db } from '@/db/database';
import type { CatalogProductIn } from './commerceml/commerceml-types';
import { exchangeProductsRepo } from './exchange-products.repo';
import type { RunReport } from './exchange-runs.repo';

/*
 * import.xml (issue 41): the distributor's catalogue is the platform's, so 1C's products are matched to it — by Код,
 * by Артикул (a 6-digit catalogue code), by an Ид learnt before — and their Ид learnt for the offers that follow.
 * Nothing is created: an unmatched product is listed in the run's log; groups are not imported.
 */

/** Products matched per statement. */
const BATCH = 2_000;

export async function applyCatalog(
  db: Db,
  input: { partnerId: number; runId: number; products: AsyncIterable<CatalogProductIn>; report: RunReport },
): Promise<{ products: number; matched: number; unmatched: number }> {
  const { partnerId, report } = input;
  const repo = exchangeProductsRepo(db);
  let total = 0;
  let matched = 0;
  let batch: CatalogProductIn[] = [];

  const flush = async () => {
    if (!batch.length) return;
    // The codes decide over an Ид learnt before: the catalogue is where 1C's product is matched anew.
    const found = await repo.match(partnerId, batch, { preferCodes: true });
    const pairs: { extId: string; productId: number }[] = [];
    const unmatched: { id: string; code: string | null; name: string | null }[] = [];
    batch.forEach((p, i) => {
      const m = found[i];
      if (m) pairs.push({ extId: p.id, productId: m.productId });
      else unmatched.push({ id: p.id, code: p.code ?? p.article ?? p.barcodes[0] ?? null, name: p.name });
    });
    await repo.remember(partnerId, pairs);
    await report.unmatched(unmatched);
    await report.count({ products_matched: pairs.length });
    matched += pairs.length;
    total += batch.length;
    batch = [];
    await report.progress(Math.floor(99 * (total / (total + 20_000))), EXCHANGE_1C_APPLY_MSG.productsMatched(matched, total));
  };

  for await (const product of input.products) {
    batch.push(product);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return { products: total, matched, unmatched: total - matched };
}
