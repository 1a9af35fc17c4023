import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Queryable } from '../database/db.ts';

/** Encrypts third-party secrets (access tokens, API keys) at rest with AES-256-GCM. */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes (64 hex characters or 44 base64 characters)');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export function parseKey(value: string): Buffer {
  return /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
}

/**
 * The key from ENCRYPTION_KEY. Outside production, when it is unset, one is generated once and kept
 * in the database so the embedded demo works with no setup (production refuses to start without it).
 */
export async function loadSecretBox(db: Queryable, configured: string | undefined, production: boolean): Promise<SecretBox> {
  if (configured) return secretBox(parseKey(configured));
  if (production) throw new Error('ENCRYPTION_KEY is required in production (32 bytes, hex or base64)');
  const candidate = randomBytes(32).toString('hex');
  await db.query(`insert into server_settings (key, value) values ('encryption_key', $1) on conflict (key) do nothing`, [candidate]);
  const [row] = await db.query<{ value: string }>(`select value from server_settings where key = 'encryption_key'`);
  return secretBox(parseKey(row!.value));
}
