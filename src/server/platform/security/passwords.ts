import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with OWASP's recommended cost (19 MiB, 2 passes).
export const hashPassword = (password: string): Promise<string> => hash(password);

// Verified against this when the email is unknown, so both cases take the same time.
const UNKNOWN_USER_HASH = hash('recompra-unknown-user');

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await UNKNOWN_USER_HASH, password);
    return false;
  }
  return verify(passwordHash, password);
}
