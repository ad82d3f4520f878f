import { createHash, randomBytes } from 'node:crypto';

/** A random secret of 32 bytes (256 bits) in base64url: session cookies, e-mail links, API keys. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a secret: its SHA-256, hex. A stolen table gives no usable secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
