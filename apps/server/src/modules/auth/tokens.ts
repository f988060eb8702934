import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer tokens: 256 random bits; only their SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
