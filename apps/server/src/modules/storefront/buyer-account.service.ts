import { LIMITS } from '@b2b/contracts/limits';
import { BUYER_MSG, type PersonalInfo } from '@b2b/contracts/storefront';
import type { Db } from '@/db/database';
import { tooMany } from '@/http/app-error';
import { failed, ok, toSeconds, yn } from '@/http/envelope';
import { countHit } from '@/http/rate-limit-store';
import type { Mailer } from '@/mail/mailer';
import { reviewMail } from '@/mail/templates/order-mails';
import type { Buyer } from './shop-catalog.service';

/*
 * The buyer's account (issue 13.2): personal info, the choice of a supplier link among the shops where the same
 * e-mail is a buyer, and reviews (stored for the partner, mailed to the shop's notification addresses, or its
 * e-mails when there are none). Borrowed read-only: users, clients (modules auth, clients), shops (module shop).
 */
const REVIEW_WINDOW_MS = 3600_000;

export function buyerAccountService(db: Db, deps: { mailer: Mailer }) {
  /** Shops where this e-mail signs in as a buyer. */
  const shopsOf = (email: string) =>
    db
      .selectFrom('users as u')
      .innerJoin('shops as s', 's.partner_id', 'u.partner_id')
      .select(['s.partner_id', 's.name', 's.shop_link'])
      .where('u.kind', '=', 'CLIENT')
      .where('u.deleted_at', 'is', null)
      .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email.toLowerCase()))
      .orderBy('s.name')
      .execute();

  return {
    async info(buyer: Buyer): Promise<PersonalInfo> {
      const row = await db
        .selectFrom('users as u')
        .innerJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'u.partner_id').onRef('c.id', '=', 'u.client_id'))
        .innerJoin('shops as s', 's.partner_id', 'u.partner_id')
        .select([
          'u.id',
          'u.name',
          'u.surname',
          'u.email',
          'u.phone',
          'u.password_hash',
          'c.id as client_id',
          'c.name as client',
          'c.inn',
          'c.address',
          's.name as shop',
          's.shop_link',
        ])
        .where('u.id', '=', buyer.id)
        .executeTakeFirstOrThrow();
      const shops = await shopsOf(row.email ?? '');
      return {
        USER: {
          ID: Number(row.id),
          NAME: row.name ?? '',
          SURNAME: row.surname ?? '',
          EMAIL: row.email ?? '',
          PHONE: row.phone ?? '',
          HAS_PASSWORD: yn(Boolean(row.password_hash)),
        },
        CLIENT: { ID: Number(row.client_id), NAME: row.client, INN: row.inn, ADDRESS: row.address },
        SHOP: { ID: buyer.partnerId, NAME: row.shop, SHOP_LINK: row.shop_link },
        SHOPS: shops.map((s) => ({ ID: Number(s.partner_id), NAME: s.name, SHOP_LINK: s.shop_link })),
      };
    },

    async selectShop(buyer: Buyer, shopId: number) {
      const me = await db.selectFrom('users').select('email').where('id', '=', buyer.id).executeTakeFirstOrThrow();
      const shop = (await shopsOf(me.email ?? '')).find((s) => Number(s.partner_id) === shopId);
      if (!shop) return failed({ selected_shop: BUYER_MSG.shopNotYours });
      return ok({ SHOP_LINK: shop.shop_link }, BUYER_MSG.shopSelected);
    },

    /**
     * A review, at most LIMITS.reviewsPerHour an hour per buyer and per network address (issue 37.7): each limit is
     * one hit counted in one upsert of its window, so parallel reviews queue on the row and at most the limit pass.
     */
    async review(buyer: Buyer, text: string, address: string) {
      for (const key of [`review:user:${buyer.id}`, `review:address:${address}`]) {
        const hits = await countHit(db, key, REVIEW_WINDOW_MS);
        if (hits.current > LIMITS.reviewsPerHour) throw tooMany(BUYER_MSG.reviewsTooMany, Math.max(1, Math.ceil(hits.ttl / 1000)));
      }
      const [who, shop] = await Promise.all([
        db
          .selectFrom('users as u')
          .innerJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'u.partner_id').onRef('c.id', '=', 'u.client_id'))
          .select(['u.name', 'u.surname', 'u.email', 'c.name as client'])
          .where('u.id', '=', buyer.id)
          .executeTakeFirstOrThrow(),
        db.selectFrom('shops').select(['name', 'notify_emails', 'shop_emails']).where('partner_id', '=', buyer.partnerId).executeTakeFirstOrThrow(),
      ]);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('client_reviews').values({ partner_id: buyer.partnerId, client_id: buyer.clientId, user_id: buyer.id, text }).execute();
        const to = shop.notify_emails.length ? shop.notify_emails : shop.shop_emails;
        const author = [who.name, who.surname].filter(Boolean).join(' ') || (who.email ?? '');
        for (const address of to) {
          await deps.mailer.send(
            {
              partnerId: buyer.partnerId,
              to: address,
              template: 'client.review',
              ...reviewMail({ shopName: shop.name, client: who.client, author, text }),
            },
            trx,
          );
        }
      });
      return ok({}, BUYER_MSG.reviewSent);
    },

    async reviews(partnerId: number, q: { limit: number; offset: number }) {
      const base = db.selectFrom('client_reviews as r').where('r.partner_id', '=', partnerId);
      const [rows, count] = await Promise.all([
        base
          .leftJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'r.partner_id').onRef('c.id', '=', 'r.client_id'))
          .leftJoin('users as u', 'u.id', 'r.user_id')
          .select(['r.id', 'r.text', 'r.created_at', 'c.id as client_id', 'c.name as client', 'u.name', 'u.surname', 'u.email'])
          .orderBy('r.created_at', 'desc')
          .orderBy('r.id', 'desc')
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        ITEMS: rows.map((r) => ({
          ID: Number(r.id),
          TEXT: r.text,
          DATE: toSeconds(r.created_at)!,
          CLIENT: r.client_id === null ? null : { ID: Number(r.client_id), NAME: r.client ?? '' },
          AUTHOR: [r.name, r.surname].filter(Boolean).join(' ') || (r.email ?? ''),
        })),
        NAV: { CNT: Number(count.n), CNT_ALL: Number(count.n) },
      };
    },
  };
}

export type BuyerAccountService = ReturnType<typeof buyerAccountService>;
