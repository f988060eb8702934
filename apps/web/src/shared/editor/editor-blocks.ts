/*
 * Editor.js documents (the shop's "about the company" text, content pages): paragraph, header, list, image, stored as
 * JSON text. They are shown without loading Editor.js: the blocks are read here and rendered as plain React elements
 * (editor-blocks-view.tsx), their inline markup reduced to text (nothing of it reaches the page as HTML).
 */

export type AboutBlock =
  | { type: 'header' | 'paragraph'; text: string }
  | { type: 'list'; ordered: boolean; items: string[] }
  | { type: 'image'; url: string; caption: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Inline HTML as text: line breaks kept, tags dropped, the common entities decoded. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name])
    .trim();
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** List items of either list format (strings, or { content, items } nested), depth first. */
function listTexts(items: unknown): string[] {
  if (!Array.isArray(items)) return [];
  return items
    .flatMap((item) => {
      if (typeof item === 'string') return [plainText(item)];
      if (isObject(item)) return [plainText(str(item.content)), ...listTexts(item.items)];
      return [];
    })
    .filter(Boolean);
}

/** Our own addresses only: the page's policy loads no image from elsewhere. */
const imageUrl = (file: unknown) => {
  const url = isObject(file) ? str(file.url) : '';
  return url.startsWith('/') && !url.startsWith('//') ? url : '';
};

function block(type: string, data: Record<string, unknown>): AboutBlock | null {
  switch (type) {
    case 'header':
    case 'paragraph': {
      const text = plainText(str(data.text));
      return text ? { type, text } : null;
    }
    case 'list': {
      const items = listTexts(data.items);
      return items.length ? { type: 'list', ordered: data.style === 'ordered', items } : null;
    }
    case 'image': {
      const url = imageUrl(data.file);
      return url ? { type: 'image', url, caption: plainText(str(data.caption)) } : null;
    }
    default:
      return null;
  }
}

/** The blocks of the stored text; a text that is not Editor.js JSON is one paragraph per line. */
export function aboutBlocks(stored: string): AboutBlock[] {
  const text = stored.trim();
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text
      .split(/\n+/)
      .map((line) => ({ type: 'paragraph' as const, text: line.trim() }))
      .filter((b) => b.text);
  }
  const blocks = isObject(parsed) && Array.isArray(parsed.blocks) ? parsed.blocks : [];
  return blocks.flatMap((b) => {
    const one = isObject(b) ? block(str(b.type), isObject(b.data) ? b.data : {}) : null;
    return one ? [one] : [];
  });
}
