import { AUDIENCE_BATCH_LIMIT, customAudienceTermsUrl, MIN_AUDIENCE_SIZE } from '../types.ts';
import { AD_SUBCODES, adsRefusal, enumParameter, GraphError, invalidParameter, requiredParameter, termsNotAccepted } from './errors.ts';
import type { NodeContext } from './nodes.ts';
import type { SandboxAdAccount, SandboxCustomAudience } from './store.ts';

/*
 * Customer-list custom audiences (subtype CUSTOM): created on /act_{id}/customaudiences once the
 * account's Custom Audience terms are accepted, filled and emptied with POST and DELETE
 * /{audience}/users in upload sessions, as Meta's customer-file guide describes.
 *
 * Only hashes are taken: each value must be SHA-256 in lowercase hex. A raw email or phone number
 * refuses the whole batch; any other malformed value is counted in num_invalid_entries. Whether a
 * person "is on Facebook" is decided by their first hash (a stable 62 % match), so the same list always
 * gives the same audience. After each upload Meta matches for a while: the first read shows
 * operation_status 441, later ones 200. Sizes are disclosed as Meta does: nothing (-1) while matching
 * or below 1,000 people, otherwise a range of two significant figures about 18 % wide; delivery_status
 * says whether ads may use it (at least 100 people).
 */

const MATCH_RATE = 0.62;
const DISCLOSED_FROM = 1000;
const SCHEMA_KEYS = ['EMAIL', 'EMAIL_SHA256', 'PHONE', 'PHONE_SHA256'];
const SUBTYPES = ['CUSTOM'] as const;
const FILE_SOURCES = ['USER_PROVIDED_ONLY', 'PARTNER_PROVIDED_ONLY', 'BOTH_USER_AND_PARTNER_PROVIDED'] as const;
const SHA256 = /^[0-9a-f]{64}$/;
/** What a value looks like when it was not hashed: an address, or a phone number's digits. */
const RAW_VALUE = /@|^\+?[\d\s().-]{7,}$/;

const matches = (key: string) => Number.parseInt(key.slice(0, 8), 16) / 2 ** 32 < MATCH_RATE;

export const matchedCount = (audience: SandboxCustomAudience) => [...audience.people.values()].filter((person) => person.matched).length;

/** Why an ad set may not use the audience now: gone, still matching, or too small; null when it may. */
export function audienceIssue(account: SandboxAdAccount, audienceId: string, context: NodeContext): 'gone' | 'matching' | 'small' | null {
  const audience = context.store.adObject(account, audienceId, 'CustomAudience');
  if (!audience || audience.deleted) return 'gone';
  if (audience.matchingReads > 0) return 'matching';
  return matchedCount(audience) < MIN_AUDIENCE_SIZE ? 'small' : null;
}

function requireTerms(account: SandboxAdAccount, context: NodeContext) {
  if (!account.termsAccepted.has('custom_audience_tos')) throw termsNotAccepted(customAudienceTermsUrl(context.urls.business, account.id));
}

export function createAudience(account: SandboxAdAccount, context: NodeContext) {
  requireTerms(account, context);
  const { params, now } = context;
  const name = params.requiredText('name');
  const subtype = params.oneOf('subtype', SUBTYPES) ?? 'CUSTOM';
  const customerFileSource = params.requiredOneOf('customer_file_source', FILE_SOURCES);
  const audience = context.store.addAdObject(account, 'CustomAudience', (id) => ({
    id,
    accountId: account.id,
    name,
    description: params.text('description') ?? '',
    subtype,
    customerFileSource,
    deleted: false,
    people: new Map(),
    keyIndex: new Map(),
    sessions: new Map(),
    matchingReads: 0,
    uploaded: false,
    createdTime: now,
    updatedTime: now,
  }));
  return { id: audience.id };
}

/** Meta's size range: -1 while it says nothing, else two significant figures and about 18 % more. */
export function sizeBounds(audience: SandboxCustomAudience): { lower: number; upper: number } {
  const matched = matchedCount(audience);
  if (audience.matchingReads > 0 || matched < DISCLOSED_FROM) return { lower: -1, upper: -1 };
  const round = (value: number) => {
    const step = 10 ** (Math.floor(Math.log10(value)) - 1);
    return Math.floor(value / step) * step;
  };
  const lower = round(matched);
  return { lower, upper: round(lower * 1.18) };
}

export function operationStatus(audience: SandboxCustomAudience) {
  if (!audience.uploaded) return { code: 410, description: 'No upload: no customer list has been uploaded to this audience yet.' };
  if (audience.matchingReads > 0)
    return { code: 441, description: "We're finding people who are in this audience. This can take up to 24 hours." };
  return { code: 200, description: 'Normal' };
}

export function deliveryStatus(audience: SandboxCustomAudience) {
  return matchedCount(audience) >= MIN_AUDIENCE_SIZE && audience.matchingReads === 0
    ? { code: 200, description: 'This audience is ready for use.' }
    : { code: 300, description: 'This audience is too small to be used for ads. Add more people to it.' };
}

interface Payload {
  schema: string[];
  rows: string[][];
}

function payloadOf(context: NodeContext): Payload {
  const raw = context.params.json('payload');
  if (raw === undefined) throw requiredParameter('payload');
  const { schema, data } = raw as { schema?: unknown; data?: unknown };
  const keys = Array.isArray(schema) ? schema.map(String) : typeof schema === 'string' ? [schema] : [];
  if (keys.length === 0) throw requiredParameter('payload[schema]');
  if (keys.some((key) => !SCHEMA_KEYS.includes(key))) throw enumParameter('payload[schema]', SCHEMA_KEYS);
  if (!Array.isArray(data) || data.length === 0) throw requiredParameter('payload[data]');
  if (data.length > AUDIENCE_BATCH_LIMIT)
    throw invalidParameter(
      `The number of users in one request must be at most ${AUDIENCE_BATCH_LIMIT}: split the upload into batches of one session.`,
    );
  const rows = data.map((row) => (Array.isArray(row) ? row.map((value) => String(value ?? '')) : [String(row ?? '')]));
  return { schema: keys, rows };
}

/** The hashes of a row, or null for a row Meta counts as invalid; refuses the batch on a value that was never hashed. */
function hashesOf(row: string[], width: number): string[] | null {
  if (row.length !== width) return null;
  for (const value of row)
    if (value !== '' && !SHA256.test(value) && RAW_VALUE.test(value.trim()))
      throw adsRefusal(
        AD_SUBCODES.dataNotHashed,
        'Data Not Hashed',
        'The customer list contains values that are not hashed. Normalise each value and hash it with SHA-256 before you upload it.',
      );
  const keys = row.filter((value) => value !== '');
  return keys.length > 0 && keys.every((value) => SHA256.test(value)) ? keys : null;
}

/** The ad sets (not deleted) that target the audience. */
const usedBy = (account: SandboxAdAccount, audienceId: string) =>
  [...account.objects.values()].some(
    (node) =>
      node.type === 'AdSet' &&
      node.value.statuses.at(-1)!.status !== 'DELETED' &&
      (node.value.targeting.custom_audiences ?? []).some((entry) => entry.id === audienceId),
  );

/** `POST` (add) or `DELETE` (remove) `/{audience}/users`. */
export function changeMembers(audience: SandboxCustomAudience, context: NodeContext, remove: boolean) {
  const account = context.store.adAccount(audience.accountId)!;
  requireTerms(account, context);
  const payload = payloadOf(context);
  const session = context.params.json('session') as { session_id?: unknown; batch_seq?: unknown } | undefined;
  const sessionId = session === undefined ? null : String(session.session_id ?? '');
  if (sessionId === '') throw requiredParameter('session[session_id]');
  const batch = Number(session?.batch_seq ?? 1);
  const answer = (received: number, invalid: number) => ({
    audience_id: audience.id,
    session_id: sessionId ?? String(context.now),
    num_received: received,
    num_invalid_entries: invalid,
    invalid_entry_samples: {},
  });
  // A batch sent again within its session (its answer was lost) changes nothing and is answered the same.
  const seen = sessionId === null ? undefined : audience.sessions.get(sessionId)?.get(batch);
  if (seen) return answer(seen.received, seen.invalid);

  const rows = payload.rows.map((row) => hashesOf(row, payload.schema.length));
  const valid = rows.filter((keys): keys is string[] => keys !== null);
  const before = matchedCount(audience);
  if (remove) {
    const leaving = new Set(valid.flatMap((keys) => keys.flatMap((key) => audience.keyIndex.get(key) ?? [])));
    const after = before - [...leaving].filter((person) => audience.people.get(person)?.matched).length;
    if (after < MIN_AUDIENCE_SIZE && before >= MIN_AUDIENCE_SIZE && usedBy(account, audience.id))
      throw new GraphError(400, {
        message: 'Permissions error',
        type: 'OAuthException',
        code: 200,
        error_subcode: AD_SUBCODES.audienceTooLowToRemove,
        is_transient: false,
        error_user_title: 'Audience Size too Low',
        error_user_msg:
          'You cannot remove users from this audience because it will result in a low audience size and may result in under-delivery or non-delivery of your ads.',
      });
    for (const person of leaving) {
      for (const key of audience.people.get(person)?.keys ?? []) audience.keyIndex.delete(key);
      audience.people.delete(person);
    }
  } else
    for (const keys of valid) {
      const person = keys.map((key) => audience.keyIndex.get(key)).find(Boolean) ?? keys[0]!;
      const known = audience.people.get(person) ?? { keys: [], matched: matches(person) };
      known.keys = [...new Set([...known.keys, ...keys])];
      audience.people.set(person, known);
      for (const key of keys) audience.keyIndex.set(key, person);
    }
  audience.uploaded = true;
  audience.matchingReads = 1;
  audience.updatedTime = context.now;
  const counts = { received: payload.rows.length, invalid: rows.length - valid.length };
  if (sessionId !== null) {
    const batches = audience.sessions.get(sessionId) ?? new Map();
    batches.set(batch, counts);
    audience.sessions.set(sessionId, batches);
  }
  return answer(counts.received, counts.invalid);
}

export function updateAudience(audience: SandboxCustomAudience, context: NodeContext) {
  const account = context.store.adAccount(audience.accountId)!;
  requireTerms(account, context);
  if (context.params.has('name')) audience.name = context.params.requiredText('name');
  if (context.params.has('description')) audience.description = context.params.text('description') ?? '';
  audience.updatedTime = context.now;
  return { success: true };
}

/** DELETE /{audience}: gone from Graph; ad sets that targeted it show WITH_ISSUES. */
export function removeAudience(audience: SandboxCustomAudience, context: NodeContext) {
  audience.deleted = true;
  context.store.forget(audience.id);
  return { success: true };
}
