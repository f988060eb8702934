import { MSG } from '@b2b/contracts/messages';
import type { ContentAnswer } from '@b2b/contracts/content';
import type { Db } from '@/db/database';
import { notFound } from '@/http/app-error';
import { yn } from '@/http/envelope';

/** Whether an Editor.js document has any block with text. */
const hasText = (body: unknown) =>
  Array.isArray((body as { blocks?: unknown[] } | null)?.blocks) && (body as { blocks: unknown[] }).blocks.length > 0;

/** The platform's content pages (help, rules), read by staff and buyers alike. */
export function contentService(db: Db) {
  return {
    async page(type: string, id: string | undefined): Promise<ContentAnswer> {
      const pages = await db.selectFrom('content_pages').selectAll().where('type', '=', type).orderBy('id').execute();
      const page = id === undefined ? pages[0] : pages.find((p) => String(p.id) === id || p.code === id);
      if (!page) throw notFound(MSG.notFound);
      return {
        ITEM: {
          ID: Number(page.id),
          TYPE: page.type,
          CODE: page.code,
          TITLE: page.title,
          BODY: hasText(page.body) ? JSON.stringify(page.body) : '',
          EMPTY: yn(!hasText(page.body)),
        },
        ITEMS: pages.map((p) => ({ ID: Number(p.id), CODE: p.code, TITLE: p.title })),
      };
    },
  };
}

export type ContentService = ReturnType<typeof contentService>;
