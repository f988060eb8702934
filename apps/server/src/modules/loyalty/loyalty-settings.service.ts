import Decimal from 'decimal.js';
import { LIMITS } from '@b2b/contracts/limits';
import {
  LOYALTY_MSG,
  LOYALTY_VISIBILITY,
  type loyaltyCoefficientsBody,
  type LoyaltyProgram,
  type loyaltyScoringBody,
  type LoyaltyShopStatusAnswer,
  type loyaltyShopBody,
  type loyaltyStatusesBody,
  type LoyaltyVisibility,
  type loyaltyVisibilityBody,
} from '@b2b/contracts/loyalty';
import type { z } from 'zod';
import type { Db } from '@/db/database';
import { fileDownloadUrl, type FileStore } from '@/files/file-store';
import { filesRepo } from '@/files/files.repo';
import { SHOP_FILE_KINDS } from '@/files/file-sniff';
import { checkImage, checkUpload, type CheckedUpload } from '@/files/upload-checks';
import { badRequest } from '@/http/app-error';
import type { AuthUser } from '@/http/auth-context';
import { failed, ok, toSeconds, yn } from '@/http/envelope';
import type { UploadedFile } from '@/http/form-body';
import { MSG } from '@b2b/contracts/messages';
import { loyaltyRepo } from './loyalty.repo';

/*
 * The programme's settings (issue 15.1–2): installation, title, logo, offer file, description, default visibility,
 * burn days, on and off; statuses with multipliers; brand (TM) coefficients; each group's visibility; the scoring
 * conditions on the margin. A list is saved whole; an error names its row and field (`statuses[1][TITLE]`).
 */

type Staff = AuthUser & { partnerId: number };
const DEFAULT_TITLE = 'Программа лояльности';
const DEFAULT_BURN_DAYS = 365;
const PERCENT = /^\d{1,4}([.,]\d{1,2})?$/;
const MONEY = /^\d{1,12}([.,]\d{1,4})?$/;
const num = (v: string | undefined) => (v ?? '').replace(/[\s\u00a0]/g, '').replace(',', '.');

export function loyaltySettingsService(db: Db, deps: { files: FileStore }) {
  const repo = loyaltyRepo(db);

  async function fileRef(partnerId: number, id: string | null) {
    const row = id ? await filesRepo(db).findById(partnerId, id) : undefined;
    return row ? { ID: row.id, NAME: row.original_name, SIZE: Number(row.size), URL: fileDownloadUrl(row.id) } : null;
  }

  async function programView(partnerId: number): Promise<{ item: LoyaltyProgram | null; fallback: LoyaltyProgram; installed: boolean; on: boolean }> {
    const [program, statuses, coefficients, rules] = await Promise.all([
      repo.program(partnerId),
      repo.statuses(partnerId),
      repo.coefficients(partnerId),
      repo.rules(partnerId),
    ]);
    const common = {
      STATUSES: statuses.map((s) => ({
        ID: Number(s.id),
        TITLE: s.title,
        MULTIPLIER: new Decimal(s.multiplier).toFixed(2),
        THRESHOLD: new Decimal(s.threshold).toFixed(2),
      })),
      TM: coefficients.map((k) => ({ tm: Number(k.brand_id), TM_NAME: k.name, multiplier: new Decimal(k.multiplier).toFixed(2) })),
      MULTIPLIERS: rules.map(ruleView),
    };
    const fallback: LoyaltyProgram = {
      TITLE: DEFAULT_TITLE,
      LOGO: null,
      OFFER_FILE: null,
      DESCRIPTION: '',
      ...common,
      VISABILITY: 'ALL',
      SET_NEW_CLIENTS: 'N',
      BURN_DAYS: DEFAULT_BURN_DAYS,
    };
    if (!program) return { item: null, fallback, installed: false, on: false };
    return {
      item: {
        TITLE: program.title,
        LOGO: await fileRef(partnerId, program.logo_file_id),
        OFFER_FILE: await fileRef(partnerId, program.offer_file_id),
        DESCRIPTION: program.description ?? '',
        ...common,
        VISABILITY: program.visibility,
        SET_NEW_CLIENTS: yn(program.set_new_clients),
        BURN_DAYS: program.burn_days,
      },
      fallback,
      installed: true,
      on: program.enabled,
    };
  }

  /** The whole list of a settings part, refused when the programme is not installed. */
  async function installed(partnerId: number) {
    return Boolean(await repo.program(partnerId));
  }

  return {
    async shop(partnerId: number) {
      const v = await programView(partnerId);
      return { INSTALLED: yn(v.installed), STATUS: yn(v.on), ITEM: v.item, DEFAULT: v.fallback };
    },

    /** The programme's state without its settings (GET shop/status/). */
    async status(partnerId: number): Promise<LoyaltyShopStatusAnswer> {
      const program = await repo.program(partnerId);
      return { INSTALLED: yn(Boolean(program)), STATUS: yn(Boolean(program?.enabled)), DATE_INSTALL: toSeconds(program?.installed_at) };
    },

    /** Installs the programme (its first save) or saves the fields sent. */
    async saveShop(user: Staff, body: z.output<typeof loyaltyShopBody>, uploads: UploadedFile[]) {
      const stored = await repo.program(user.partnerId);
      // A save that names no field (and sends no file) is no save: refused, never taken as "nothing changed".
      const named = Object.values(body).some((v) => v !== undefined) || uploads.some((u) => u.field === 'logo' || u.field === 'offer_file');
      if (stored && !named) throw badRequest(MSG.badRequest);
      const errors: Record<string, string> = {};
      const set: Record<string, unknown> = {};
      if (body.title !== undefined || !stored) {
        const title = (body.title ?? '').replace(/<[^>]*>/g, '').trim();
        if (!title) errors.title = LOYALTY_MSG.titleRequired;
        else if (title.length > LIMITS.loyaltyTitleMax) errors.title = LOYALTY_MSG.titleMax;
        else set.title = title;
      }
      if (body.description !== undefined) set.description = body.description.replace(/<[^>]*>/g, '').trim() || null;
      if (body.visability !== undefined) set.visibility = body.visability;
      if (body.set_new_clients) errors.set_new_clients = LOYALTY_MSG.setNewClientsForbidden;
      if (body.burn_days !== undefined && body.burn_days !== '') {
        if (!/^\d{1,4}$/.test(body.burn_days) || Number(body.burn_days) < 1) errors.burn_days = MSG.badRequest;
        else set.burn_days = Number(body.burn_days);
      }
      const files: Partial<Record<'logo' | 'offer_file', CheckedUpload>> = {};
      for (const field of ['logo', 'offer_file'] as const) {
        const upload = uploads.find((u) => u.field === field);
        if (!upload) continue;
        const checked =
          field === 'logo' ? await checkImage(upload) : await checkUpload(upload, SHOP_FILE_KINDS, LIMITS.uploadMaxBytes, MSG.fileTooLarge);
        if ('error' in checked) errors[field] = checked.error;
        else files[field] = checked;
      }
      if (Object.keys(errors).length) return failed(errors);

      const replaced: string[] = [];
      await db.transaction().execute(async (trx) => {
        const trxRepo = loyaltyRepo(trx);
        if (!stored) await trxRepo.insertProgram(trx, { partner_id: user.partnerId, title: String(set.title), enabled: true });
        const current = await trxRepo.lockProgram(trx, user.partnerId);
        for (const [field, column] of [
          ['logo', 'logo_file_id'],
          ['offer_file', 'offer_file_id'],
        ] as const) {
          const file = files[field];
          if (file) {
            const meta = {
              partnerId: user.partnerId,
              purpose: `loyalty-${field}` as const,
              originalName: file.upload.filename,
              mime: file.mime,
              createdBy: user.id,
            };
            set[column] = (await deps.files.saveUpload(meta, file.upload, trx)).id;
          } else if (body[`${field}_del`]) set[column] = null;
          const old = current?.[column];
          if (old && set[column] !== undefined && set[column] !== old) replaced.push(old);
        }
        if (Object.keys(set).length) await trxRepo.updateProgram(trx, user.partnerId, set);
      });
      for (const id of replaced) await deps.files.remove(user.partnerId, id, db);
      return ok({}, stored ? LOYALTY_MSG.saved : LOYALTY_MSG.installed);
    },

    async switchProgram(partnerId: number, on: boolean) {
      if (!(await installed(partnerId))) return failed({ STATUS: LOYALTY_MSG.notInstalled });
      await repo.updateProgram(db, partnerId, { enabled: on });
      return ok({}, on ? LOYALTY_MSG.switchedOn : LOYALTY_MSG.switchedOff);
    },

    statuses: async (partnerId: number) => ({ ITEMS: (await programView(partnerId)).fallback.STATUSES }),

    async saveStatuses(partnerId: number, body: z.output<typeof loyaltyStatusesBody>) {
      // The whole list is sent (an empty one as statuses=''); a body without it is refused.
      if (body.statuses === undefined) throw badRequest(MSG.badRequest);
      if (!(await installed(partnerId))) return failed({ statuses: LOYALTY_MSG.notInstalled });
      const rows = body.statuses;
      const stored = new Set((await repo.statuses(partnerId)).map((s) => Number(s.id)));
      const errors: Record<string, string> = {};
      const parsed = rows.map((r, i) => {
        const key = (f: string) => `statuses[${i}][${f}]`;
        const title = (r.TITLE ?? '').trim();
        if (!title) errors[key('TITLE')] = LOYALTY_MSG.statusTitleRequired;
        const multiplier = num(r.MULTIPLIER) || '100';
        if (!PERCENT.test(multiplier) || Number(multiplier) > 1000) errors[key('MULTIPLIER')] = LOYALTY_MSG.multiplierInvalid;
        const threshold = num(r.THRESHOLD) || '0';
        if (!MONEY.test(threshold) || new Decimal(threshold).gt(LIMITS.moneyMax)) errors[key('THRESHOLD')] = LOYALTY_MSG.thresholdInvalid;
        const id = r.ID && stored.has(Number(r.ID)) ? Number(r.ID) : null;
        return { id, title: title.slice(0, 100), multiplier, threshold, sort: (i + 1) * 10 };
      });
      if (Object.keys(errors).length) return failed(errors);
      await db.transaction().execute(async (trx) => {
        const keep = parsed.flatMap((p) => (p.id ? [p.id] : []));
        // A removed status leaves its members without a status.
        const removed = [...stored].filter((id) => !keep.includes(id));
        if (removed.length) {
          await trx
            .updateTable('loyalty_members')
            .set({ status_id: null })
            .where('partner_id', '=', partnerId)
            .where('status_id', 'in', removed)
            .execute();
          await trx.deleteFrom('loyalty_statuses').where('partner_id', '=', partnerId).where('id', 'in', removed).execute();
        }
        for (const p of parsed) {
          const values = { title: p.title, multiplier: p.multiplier, threshold: p.threshold, sort: p.sort };
          if (p.id) await trx.updateTable('loyalty_statuses').set(values).where('partner_id', '=', partnerId).where('id', '=', p.id).execute();
          else
            await trx
              .insertInto('loyalty_statuses')
              .values({ partner_id: partnerId, ...values })
              .execute();
        }
      });
      return ok({}, LOYALTY_MSG.saved);
    },

    async coefficients(partnerId: number) {
      const [items, brands] = await Promise.all([repo.coefficients(partnerId), repo.brands()]);
      return {
        ITEMS: items.map((k) => ({ tm: Number(k.brand_id), TM_NAME: k.name, multiplier: new Decimal(k.multiplier).toFixed(2) })),
        ENTITIES: { TM: brands.map((b) => ({ ID: Number(b.id), NAME: b.name })) },
      };
    },

    async saveCoefficients(partnerId: number, body: z.output<typeof loyaltyCoefficientsBody>) {
      // The whole list is sent (an empty one as coefficients=''); a body without it is refused.
      if (body.coefficients === undefined) throw badRequest(MSG.badRequest);
      if (!(await installed(partnerId))) return failed({ coefficients: LOYALTY_MSG.notInstalled });
      const rows = body.coefficients;
      const brands = new Set((await repo.brands()).map((b) => Number(b.id)));
      const errors: Record<string, string> = {};
      const seen = new Set<number>();
      const parsed = rows.map((r, i) => {
        const key = (f: string) => `coefficients[${i}][${f}]`;
        const tm = Number(r.tm);
        if (!brands.has(tm)) errors[key('tm')] = LOYALTY_MSG.brandUnknown;
        else if (seen.has(tm)) errors[key('tm')] = LOYALTY_MSG.brandRepeated;
        seen.add(tm);
        const multiplier = num(r.multiplier);
        if (!PERCENT.test(multiplier) || Number(multiplier) > 1000) errors[key('multiplier')] = LOYALTY_MSG.multiplierInvalid;
        return { brand_id: tm, multiplier };
      });
      if (Object.keys(errors).length) return failed(errors);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('loyalty_brand_coefficients').where('partner_id', '=', partnerId).execute();
        if (parsed.length)
          await trx
            .insertInto('loyalty_brand_coefficients')
            .values(parsed.map((p) => ({ partner_id: partnerId, ...p })))
            .execute();
      });
      return ok({}, LOYALTY_MSG.saved);
    },

    async visibility(partnerId: number) {
      const [program, groups] = await Promise.all([repo.program(partnerId), repo.groupVisibility(partnerId)]);
      const fallback: LoyaltyVisibility = program?.visibility ?? 'ALL';
      return { VISABILITY: fallback, ITEMS: groups.map((g) => ({ GROUP_ID: Number(g.id), NAME: g.name, VISABILITY: g.visibility ?? fallback })) };
    },

    async saveVisibility(partnerId: number, body: z.output<typeof loyaltyVisibilityBody>) {
      if (body.groups === undefined && body.visability === undefined) throw badRequest(MSG.badRequest);
      if (!(await installed(partnerId))) return failed({ visability: LOYALTY_MSG.notInstalled });
      const rows = body.groups ?? [];
      const groups = new Set((await repo.groupVisibility(partnerId)).map((g) => Number(g.id)));
      const errors: Record<string, string> = {};
      const parsed = rows.map((r, i) => {
        const id = Number(r.GROUP_ID);
        if (!groups.has(id)) errors[`groups[${i}][GROUP_ID]`] = LOYALTY_MSG.groupUnknown;
        const v = (LOYALTY_VISIBILITY as readonly string[]).includes(r.VISABILITY ?? '') ? (r.VISABILITY as LoyaltyVisibility) : undefined;
        if (!v) errors[`groups[${i}][VISABILITY]`] = MSG.badRequest;
        return { group_id: id, visibility: v ?? 'ALL' };
      });
      if (Object.keys(errors).length) return failed(errors);
      await db.transaction().execute(async (trx) => {
        if (body.visability) await loyaltyRepo(trx).updateProgram(trx, partnerId, { visibility: body.visability });
        if (body.groups === undefined) return;
        await trx.deleteFrom('loyalty_group_visibility').where('partner_id', '=', partnerId).execute();
        if (parsed.length)
          await trx
            .insertInto('loyalty_group_visibility')
            .values(parsed.map((p) => ({ partner_id: partnerId, ...p })))
            .execute();
      });
      return ok({}, LOYALTY_MSG.saved);
    },

    scoring: async (partnerId: number) => ({ ITEMS: (await repo.rules(partnerId)).map(ruleView) }),

    async saveScoring(partnerId: number, body: z.output<typeof loyaltyScoringBody>) {
      // The whole list is sent (an empty one as rules=''); a body without it is refused.
      if (body.rules === undefined) throw badRequest(MSG.badRequest);
      if (!(await installed(partnerId))) return failed({ rules: LOYALTY_MSG.notInstalled });
      const rows = body.rules;
      const errors: Record<string, string> = {};
      const parsed = rows.map((r, i) => {
        const key = (f: string) => `rules[${i}][${f}]`;
        const bound = (v: string | undefined, re: RegExp, f: string) => {
          const text = num(v);
          if (text === '') return null;
          if (!re.test(text) || (re === MONEY && new Decimal(text).gt(LIMITS.moneyMax))) errors[key(f)] = LOYALTY_MSG.rangeInvalid;
          return text;
        };
        const markupFrom = bound(r.markup_from, MONEY, 'markup_from');
        const markupTo = bound(r.markup_to, MONEY, 'markup_to');
        const pctFrom = bound(r.markup_pct_from, PERCENT, 'markup_pct_from');
        const pctTo = bound(r.markup_pct_to, PERCENT, 'markup_pct_to');
        if (markupFrom && markupTo && !errors[key('markup_to')] && new Decimal(markupFrom).gt(markupTo))
          errors[key('markup_to')] = LOYALTY_MSG.rangeInvalid;
        if (pctFrom && pctTo && !errors[key('markup_pct_to')] && new Decimal(pctFrom).gt(pctTo))
          errors[key('markup_pct_to')] = LOYALTY_MSG.rangeInvalid;
        const points = num(r.points_pct);
        if (!PERCENT.test(points) || Number(points) > 100) errors[key('points_pct')] = LOYALTY_MSG.pointsPctInvalid;
        return { markup_from: markupFrom, markup_to: markupTo, markup_pct_from: pctFrom, markup_pct_to: pctTo, points_pct: points };
      });
      if (Object.keys(errors).length) return failed(errors);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('loyalty_scoring_rules').where('partner_id', '=', partnerId).execute();
        if (parsed.length)
          await trx
            .insertInto('loyalty_scoring_rules')
            .values(parsed.map((p) => ({ partner_id: partnerId, ...p })))
            .execute();
      });
      return ok({}, LOYALTY_MSG.saved);
    },
  };
}

const dec = (v: string | null) => (v === null ? null : new Decimal(v).toFixed(2));

function ruleView(r: {
  id: number;
  markup_from: string | null;
  markup_to: string | null;
  markup_pct_from: string | null;
  markup_pct_to: string | null;
  points_pct: string;
}) {
  return {
    ID: Number(r.id),
    markup_from: dec(r.markup_from),
    markup_to: dec(r.markup_to),
    markup_pct_from: dec(r.markup_pct_from),
    markup_pct_to: dec(r.markup_pct_to),
    points_pct: new Decimal(r.points_pct).toFixed(2),
  };
}

export type LoyaltySettingsService = ReturnType<typeof loyaltySettingsService>;
