import { z } from 'zod';
import { yn } from './http/envelope';
import './zod-locale';

/*
 * Content pages (back-office.md §2 /partner/info/(:type)/{id}, /content(/:type)/{id}; §7 GET /info/{type}/): the
 * platform's help and rules, Editor.js documents. A page without text shows MSG.noDescription («Описание отсутствует»).
 */

export const CONTENT_TYPE = /^[a-z][a-z0-9_-]{0,31}$/;

export const contentParams = z.object({ type: z.string().regex(CONTENT_TYPE) });
/** The page by its id or its code; none: the type's first page. */
export const contentQuery = z.object({ id: z.string().trim().max(64).optional() });

export const contentPage = z.object({
  ID: z.number().int(),
  TYPE: z.string(),
  CODE: z.string(),
  TITLE: z.string(),
  /** Editor.js JSON text ('' when the page has no text). */
  BODY: z.string(),
  EMPTY: yn,
});

export const contentAnswer = z.object({
  ITEM: contentPage,
  /** The type's pages, for moving between them. */
  ITEMS: z.array(contentPage.pick({ ID: true, CODE: true, TITLE: true })),
});
export type ContentAnswer = z.infer<typeof contentAnswer>;
