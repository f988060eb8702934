import { z } from 'zod';
import '../zod-locale';

/**
 * The answer shapes of every route (ARCHITECTURE §4), defined once: the server serialises through them, the web
 * reads its types from them, /v3/api/docs documents them.
 */

export const yn = z.enum(['Y', 'N']);

/** Field errors of a refused action: `{ <field>: <Russian message> }`. */
export const fieldErrors = z.record(z.string(), z.string());

export const actionFailed = z.object({ SUCCESS: z.literal('N'), errors: fieldErrors });
export type ActionFailed = z.infer<typeof actionFailed>;

/** `{ SUCCESS: "Y", MESSAGE? , ...extra }`. */
export const actionDone = <S extends z.ZodRawShape = Record<never, never>>(extra?: S) =>
  z.object({ SUCCESS: z.literal('Y'), MESSAGE: z.string().optional(), ...(extra ?? ({} as S)) });

/** An action's answer: done (with its extra fields) or refused with field errors, both with HTTP 200. */
export const action = <S extends z.ZodRawShape = Record<never, never>>(extra?: S) => z.union([actionDone(extra), actionFailed]);

export const nav = z.object({ CNT: z.number().int(), CNT_ALL: z.number().int(), NEW_CNT: z.number().int().optional() });

/** `{ ITEMS, ENTITIES, NAV }`: CNT rows match the filter, CNT_ALL are in the unfiltered collection. */
export const listOf = <I extends z.ZodType, E extends z.ZodType = z.ZodRecord<z.ZodString, z.ZodUnknown>>(item: I, entities?: E) =>
  z.object({ ITEMS: z.array(item), ENTITIES: (entities ?? z.record(z.string(), z.unknown())) as E, NAV: nav });

/** An export's answer: the file's name and where to download it. */
export const fileLink = z.object({ FILENAME: z.string(), URL: z.string() });

/** A done export (action=export of a list or a card): SUCCESS "Y", its message and the file. */
export const exportDone = actionDone(fileLink.shape);
export type ExportDone = z.infer<typeof exportDone>;

/** Transport failures (4xx/5xx), OAuth style. */
export const transportError = z.object({ error: z.string(), error_description: z.string() });

/** Dates travel as Unix seconds; money as decimal strings. */
export const seconds = z.number().int();
export const money = z.string();
