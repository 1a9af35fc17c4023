import { createHash } from 'node:crypto';
import type { AudienceMember } from './types.ts';

/*
 * A customer list as Meta's customer-file guide wants it: each value normalised, then SHA-256 in
 * lowercase hex, so Meta never receives an address or a number. Emails are trimmed and lower-cased;
 * phones keep their digits only, with the country code and no leading zeros. Recompra's customers are
 * Chilean: a 9-digit mobile number starting with 9 is given Chile's code (56).
 */

export const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** The email as Meta matches it, or null when there is none. */
export function normaliseEmail(email: string | null | undefined): string | null {
  const normalised = (email ?? '').trim().toLowerCase();
  return normalised.includes('@') ? normalised : null;
}

/** The phone as Meta matches it (digits, country code first), or null when it has too few digits to be one. */
export function normalisePhone(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length < 8) return null;
  return digits.length === 9 && digits.startsWith('9') ? `56${digits}` : digits;
}

/** The member's row for the schema `["EMAIL_SHA256", "PHONE_SHA256"]` (blank where unknown), or null with nothing to match on. */
export function memberRow(member: AudienceMember): [string, string] | null {
  const email = normaliseEmail(member.email);
  const phone = normalisePhone(member.phone);
  if (!email && !phone) return null;
  return [email ? sha256Hex(email) : '', phone ? sha256Hex(phone) : ''];
}
