/**
 * Turns the flattened form keys of the spec (`name[0]=a&name[1]=b`, `name[key]=v`, `a[0][b]=c`, `name[]=x`)
 * into arrays and objects. Keys that are not bracketed stay as they are; a repeated plain key becomes an array.
 */
export type Flat = Record<string, string | string[] | unknown>;

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);
const MAX_INDEX = 10_000;
const MAX_DEPTH = 5;

export function unflatten(flat: Flat): Record<string, unknown> {
  const root: Record<string, unknown> = Object.create(null);
  for (const [rawKey, value] of Object.entries(flat)) {
    const path = parseKey(rawKey);
    if (path === 'skip') continue;
    if (!path) {
      assign(root, rawKey, value);
      continue;
    }
    const values = Array.isArray(value) && path[path.length - 1] === '' ? value : [value];
    for (const v of values) setPath(root, path, v);
  }
  return toPlain(root) as Record<string, unknown>;
}

/** The key's path; null for a plain key; 'skip' for a key that must not be applied at all. */
function parseKey(key: string): string[] | null | 'skip' {
  const open = key.indexOf('[');
  if (open <= 0 || !key.endsWith(']')) return null;
  const parts = [key.slice(0, open)];
  const re = /\[([^[\]]*)\]/g;
  let consumed = open;
  for (let m = re.exec(key); m; m = re.exec(key)) {
    if (m.index !== consumed) return null;
    parts.push(m[1]);
    consumed = m.index + m[0].length;
  }
  if (consumed !== key.length) return null;
  if (parts.length - 1 > MAX_DEPTH || parts.some((p) => FORBIDDEN.has(p) || (/^\d+$/.test(p) && Number(p) > MAX_INDEX))) {
    return 'skip';
  }
  return parts;
}

function assign(target: Record<string, unknown>, key: string, value: unknown) {
  if (FORBIDDEN.has(key)) return;
  target[key] = value;
}

function setPath(root: Record<string, unknown>, path: string[], value: unknown) {
  let node: Record<string, unknown> = root;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    let next = node[key];
    if (typeof next !== 'object' || next === null) {
      next = Object.create(null);
      node[key] = next;
    }
    node = next as Record<string, unknown>;
  }
  let last = path[path.length - 1];
  if (last === '') last = String(Object.keys(node).length);
  node[last] = value;
}

/** Objects whose keys are all indexes become arrays, in index order. */
function toPlain(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const isArray = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  if (isArray) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => toPlain(v));
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) out[k] = toPlain(v);
  return out;
}
