export const DEFAULT_RETURN_TO = '/dashboard';

const MAX_LENGTH = 2048;

/**
 * Keeps a post-login destination on this origin: a path that starts with one "/" and is not
 * protocol-relative ("//host", "/\host"), carries no control characters and no scheme.
 * Anything else becomes DEFAULT_RETURN_TO.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return DEFAULT_RETURN_TO;
  if (!value.startsWith('/')) return DEFAULT_RETURN_TO;
  const second = value.charAt(1);
  if (second === '/' || second === '\\') return DEFAULT_RETURN_TO;
  // Browsers drop tabs and newlines inside URLs, so "/\t/evil.com" would become "//evil.com".
  if (/[\u0000-\u001f\u007f]/.test(value)) return DEFAULT_RETURN_TO;
  try {
    const base = 'http://recompra.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return DEFAULT_RETURN_TO;
  } catch {
    return DEFAULT_RETURN_TO;
  }
  return value;
}
