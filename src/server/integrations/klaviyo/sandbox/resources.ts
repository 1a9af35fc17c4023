import type { SandboxImportJob, SandboxList, SandboxProfile } from './accounts.ts';
import { sparse } from './query.ts';

/*
 * The sandbox's records as Klaviyo's JSON:API resources (revision 2026-07-15): attributes in
 * snake_case, `links.self` with Klaviyo's trailing slash, subscriptions and predictive analytics only
 * when `additional-fields` asks for them, and sparse fieldsets applied last.
 */

/** What `fields[list]` may name. */
export const LIST_FIELDS = ['created', 'id', 'name', 'opt_in_process', 'updated'] as const;
/** What `fields[profile]` may name (a dotted child of one of these, as `subscriptions.email.marketing.consent`, too). */
export const PROFILE_FIELDS = [
  'created',
  'email',
  'external_id',
  'first_name',
  'id',
  'image',
  'last_event_date',
  'last_name',
  'locale',
  'location',
  'organization',
  'phone_number',
  'predictive_analytics',
  'properties',
  'subscriptions',
  'title',
  'updated',
] as const;
/** A list's members carry when they joined it too. */
export const LIST_MEMBER_FIELDS = [...PROFILE_FIELDS, 'joined_group_at'] as const;
export const PROFILE_ADDITIONAL_FIELDS = ['subscriptions', 'predictive_analytics'] as const;
export const IMPORT_JOB_FIELDS = [
  'completed_at',
  'completed_count',
  'created_at',
  'expires_at',
  'failed_count',
  'id',
  'started_at',
  'status',
  'total_count',
] as const;

export interface Resource {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  links?: { self: string };
  relationships?: Record<string, unknown>;
}

/** The resource with only the attributes its fieldset names. */
export const withFields = (resource: Resource, fields: readonly string[] | null): Resource => ({
  ...resource,
  attributes: sparse(resource.attributes, fields),
});

export const listResource = (list: SandboxList, base: string): Resource => ({
  type: 'list',
  id: list.id,
  attributes: { name: list.name, created: list.created, updated: list.updated, opt_in_process: list.optInProcess },
  links: { self: `${base}/api/lists/${list.id}/` },
});

const LOCATION = ['address1', 'address2', 'city', 'country', 'latitude', 'longitude', 'region', 'zip', 'timezone', 'ip'];

function subscriptions(profile: SandboxProfile) {
  const email = profile.emailMarketing;
  return {
    email: {
      marketing: {
        can_receive_email_marketing: profile.email !== null && email.consent !== 'UNSUBSCRIBED',
        consent: email.consent,
        consent_timestamp: email.consentTimestamp,
        last_updated: email.lastUpdated,
        method: email.method,
        method_detail: email.methodDetail,
        custom_method_detail: null,
        double_optin: null,
        suppression: [],
        list_suppressions: [],
      },
    },
  };
}

/** The sandbox computes no predictions: Klaviyo gives nulls too until an account has enough orders. */
const PREDICTIVE_ANALYTICS = {
  historic_clv: null,
  predicted_clv: null,
  total_clv: null,
  historic_number_of_orders: null,
  predicted_number_of_orders: null,
  average_days_between_orders: null,
  average_order_value: null,
  churn_probability: null,
  expected_date_of_next_order: null,
};

export function profileResource(profile: SandboxProfile, base: string, additional: readonly string[] = []): Resource {
  const location = (profile.other.location ?? {}) as Record<string, unknown>;
  return {
    type: 'profile',
    id: profile.id,
    attributes: {
      email: profile.email,
      phone_number: profile.phoneNumber,
      external_id: profile.externalId,
      first_name: profile.firstName,
      last_name: profile.lastName,
      organization: profile.other.organization ?? null,
      locale: profile.other.locale ?? null,
      title: profile.other.title ?? null,
      image: profile.other.image ?? null,
      created: profile.created,
      updated: profile.updated,
      last_event_date: null,
      location: Object.fromEntries(LOCATION.map((key) => [key, location[key] ?? null])),
      properties: profile.other.properties ?? {},
      ...(additional.includes('subscriptions') ? { subscriptions: subscriptions(profile) } : {}),
      ...(additional.includes('predictive_analytics') ? { predictive_analytics: PREDICTIVE_ANALYTICS } : {}),
    },
    links: { self: `${base}/api/profiles/${profile.id}/` },
  };
}

export const jobResource = (job: SandboxImportJob, base: string): Resource => ({
  type: 'profile-bulk-import-job',
  id: job.id,
  attributes: {
    status: job.status,
    created_at: job.createdAt,
    total_count: job.profiles.length,
    completed_count: job.status === 'complete' ? job.profileIds.length : 0,
    failed_count: job.status === 'complete' ? job.errors.length : 0,
    completed_at: job.completedAt,
    expires_at: new Date(Date.parse(job.createdAt) + 7 * 86_400_000).toISOString(),
    started_at: job.startedAt,
  },
  relationships: { lists: { data: job.listIds.map((id) => ({ type: 'list', id })) } },
  links: { self: `${base}/api/profile-bulk-import-jobs/${job.id}/` },
});
