import { createHash, createHmac, randomBytes } from 'node:crypto';

/** Opaque bearer tokens: 256 random bits; only their SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A random seed for the successors of a refresh token (stored on its row once it is used). */
export const newSeed = () => randomBytes(32).toString('hex');

/**
 * The successor tokens of a refresh token: derived from the presented token and the stored seed, so the same
 * token presented again can be answered the same pair while only hashes are kept. Neither input alone is enough.
 */
export const successorToken = (presented: string, seed: string, kind: 'ACCESS' | 'REFRESH') =>
  createHmac('sha256', seed).update(`${kind}:${presented}`).digest('base64url');
