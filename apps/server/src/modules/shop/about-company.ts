/**
 * The "about the company" text: Editor.js output with the spec's tools only (paragraph, list, image, header of
 * level 1). Anything else is refused; inline HTML keeps only bold, italic, underline, links and line breaks.
 */

type Json = Record<string, unknown>;
export interface EditorDocument {
  time?: number;
  version?: string;
  blocks: { id?: string; type: string; data: Json }[];
}

const MAX_BLOCKS = 500;
const MAX_LIST_DEPTH = 5;
const INLINE_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'br', 'a', 'mark']);

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const TAG = /<\/?([a-z][a-z0-9]*)\b([^<>]*)>/gi;
const escapeText = (v: string) => v.replace(/</g, '&lt;').replace(/>/g, '&gt;');

function rebuildTag(tag: string, name: string, attrs: string): string {
  const lower = name.toLowerCase();
  if (!INLINE_TAGS.has(lower)) return '';
  if (tag.startsWith('</')) return lower === 'br' ? '' : `</${lower}>`;
  if (lower !== 'a') return `<${lower}>`;
  const href = /href\s*=\s*("([^"]*)"|'([^']*)')/i.exec(attrs);
  const url = (href?.[2] ?? href?.[3] ?? '').trim();
  return /^(https?:|mailto:)/i.test(url) ? `<a href="${escapeAttr(url)}">` : '<a>';
}

/** Inline HTML of a block: allowed tags rebuilt without attributes (links keep an http(s) or mailto href). */
export function sanitizeInline(html: string): string {
  const source = html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  let out = '';
  let last = 0;
  for (const match of source.matchAll(TAG)) {
    out += escapeText(source.slice(last, match.index)) + rebuildTag(match[0], match[1], match[2]);
    last = match.index + match[0].length;
  }
  return out + escapeText(source.slice(last));
}

function listItems(items: unknown, depth: number): unknown[] | null {
  if (!Array.isArray(items) || depth > MAX_LIST_DEPTH) return null;
  const out: unknown[] = [];
  for (const item of items) {
    if (typeof item === 'string') out.push(sanitizeInline(item));
    else if (isObject(item)) {
      const nested = listItems(item.items ?? [], depth + 1);
      if (!nested) return null;
      out.push({ content: sanitizeInline(str(item.content)), meta: isObject(item.meta) ? item.meta : {}, items: nested });
    } else return null;
  }
  return out;
}

function imageUrl(file: unknown): string | null {
  const url = isObject(file) ? str(file.url) : '';
  return /^(https?:\/\/|\/v3\/api\/)/i.test(url) ? url : null;
}

function block(type: string, data: Json): Json | null {
  switch (type) {
    case 'paragraph':
      return { text: sanitizeInline(str(data.text)) };
    case 'header':
      return { text: sanitizeInline(str(data.text)), level: 1 };
    case 'list': {
      const items = listItems(data.items, 1);
      const style = data.style === 'ordered' ? 'ordered' : 'unordered';
      return items ? { style, items, ...(isObject(data.meta) ? { meta: data.meta } : {}) } : null;
    }
    case 'image': {
      const url = imageUrl(data.file);
      if (!url) return null;
      return {
        file: { url },
        caption: sanitizeInline(str(data.caption)),
        withBorder: data.withBorder === true,
        withBackground: data.withBackground === true,
        stretched: data.stretched === true,
      };
    }
    default:
      return null;
  }
}

/** '' → null (no text); a valid document, cleaned; 'bad' for anything that is not the editor's output. */
export function parseAboutCompany(input: string): EditorDocument | null | 'bad' {
  if (!input.trim()) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(input);
  } catch {
    return 'bad';
  }
  if (!isObject(doc) || !Array.isArray(doc.blocks) || doc.blocks.length > MAX_BLOCKS) return 'bad';
  const blocks: EditorDocument['blocks'] = [];
  for (const raw of doc.blocks) {
    if (!isObject(raw) || !isObject(raw.data)) return 'bad';
    const data = block(str(raw.type), raw.data);
    if (!data) return 'bad';
    blocks.push({ ...(typeof raw.id === 'string' ? { id: raw.id.slice(0, 40) } : {}), type: str(raw.type), data });
  }
  if (!blocks.length) return null;
  return { time: typeof doc.time === 'number' ? doc.time : Date.now(), version: str(doc.version) || undefined, blocks };
}
