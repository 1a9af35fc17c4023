/*
 * Klaviyo's own shapes and limits for what we use of its API (revision below): lists, profiles, list
 * membership and bulk profile import jobs. Written from Klaviyo's API reference; the official SDK
 * (`klaviyo-api`) sends and reads the documents, so these are the parts our callers see.
 */

/** The API revision the SDK pins (sent as the `revision` header); the sandbox answers it. */
export const KLAVIYO_REVISION = '2026-07-15';
/** Klaviyo's API host; the SDK's paths all start with `/api/`. */
export const REAL_KLAVIYO_BASE_URL = 'https://a.klaviyo.com';

/** Profiles one add-to-list or remove-from-list call takes. */
export const LIST_MEMBERS_PER_CALL = 1000;
/** Profiles one bulk import job takes, and the most its body may weigh. */
export const IMPORT_PROFILES_PER_JOB = 10_000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Page sizes: lists come 10 at a time; profiles, a list's members and a job's profiles and errors up to 100. */
export const LISTS_PAGE_SIZE = 10;
export const PROFILES_PAGE_MAX = 100;
/** Profiles one subscription job takes. */
export const SUBSCRIPTION_PROFILES_PER_JOB = 1000;
/** A list's name, at most. */
export const LIST_NAME_MAX = 255;

/** The scopes of a private key, as Klaviyo names them. Full access to a resource grants its read scope too. */
export type KlaviyoScope = 'lists:read' | 'lists:write' | 'profiles:read' | 'profiles:write' | 'subscriptions:read' | 'subscriptions:write';
/** What syncing a segment needs, in the names Klaviyo's key settings show (SPEC §3). */
export type RequiredPermission = 'Profiles:write' | 'List:write';
export const REQUIRED_PERMISSIONS: readonly RequiredPermission[] = ['Profiles:write', 'List:write'];

export interface KlaviyoList {
  id: string;
  name: string;
}

/** A profile as a bulk import sends it (snake_case on the wire; the SDK names the attributes in camelCase). */
export interface ImportProfile {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

export type ImportJobStatus = 'queued' | 'processing' | 'complete' | 'cancelled';

export interface ImportJob {
  id: string;
  status: ImportJobStatus;
  totalCount: number;
  completedCount: number;
  failedCount: number;
}

/** A profile an import created or updated: its Klaviyo id, and the email that names it for us. */
export interface ImportedProfile {
  id: string;
  email: string;
}

/** A profile an import refused, with Klaviyo's reason. */
export interface ImportFailure {
  email: string | null;
  detail: string;
}

/** One entry of Klaviyo's error documents: `{"errors":[…]}`. */
export interface KlaviyoErrorObject {
  id: string;
  status: number;
  code: string;
  title: string;
  detail: string;
  source: { pointer?: string; parameter?: string };
}

/** Klaviyo lowercases and trims emails when it matches profiles; we key our rows the same way. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
