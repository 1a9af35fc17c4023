import { memberRow } from './audience-members.ts';
import { MetaUnavailableError } from './errors.ts';
import {
  type AdChanges,
  type AdSetChanges,
  AUDIENCE_SCHEMA,
  type AudienceMember,
  type AudienceStatus,
  type AudienceUploadTotals,
  actId,
  type CampaignChanges,
  type ConfiguredStatus,
  DEFAULT_INSIGHTS_FIELDS,
  type EffectiveStatus,
  type GraphInsightsRow,
  type GraphObjectStorySpec,
  type GraphPromotedObject,
  type GraphTargeting,
  type InsightsAction,
  type InsightsOptions,
  type MetaAd,
  type MetaAdCreative,
  type MetaAdImage,
  type MetaAdSet,
  type MetaAdVideo,
  type MetaCampaign,
  type MetaCustomAudience,
  type MetaInsightsRow,
  type MetaInterest,
  type MetaLocation,
  type MetaProductSet,
  type MetaVideoThumbnail,
  type NewAd,
  type NewAdCreative,
  type NewAdSet,
  type NewCampaign,
  type VideoStatus,
} from './types.ts';

/*
 * The Marketing API calls behind Recompra's ad campaigns, over the person's connection of client.ts
 * (token, appsecret_proof, retries, throttling). Parameters go as Graph takes them: scalars as they are,
 * nested specs (targeting, promoted_object, object_story_spec, payload, session) JSON-encoded, money in
 * the currency's offset units. Answers come back with ids as strings and insights' numbers parsed.
 */

/** A file of a multipart/form-data body, with its media type (a Blob read from disk stays there until sent). */
export interface GraphFile {
  filename: string;
  data: Blob;
}

export type Params = Record<string, string | GraphFile>;

/** What these calls need of a person's connection. */
export interface GraphCaller {
  get(path: string, params?: Params): Promise<Record<string, unknown>>;
  post(path: string, params: Params, options?: { idempotent?: boolean }): Promise<Record<string, unknown>>;
  delete(path: string, params?: Params, options?: { idempotent?: boolean }): Promise<Record<string, unknown>>;
  /**
   * Raw bytes to the Resumable Upload API: parameters in the address, the token as `Authorization: OAuth`,
   * `headers` as given (`file_offset`). Never repeated by itself: the caller resumes from the offset Meta has.
   */
  postBytes(path: string, params: Params, bytes: Blob, headers: Record<string, string>): Promise<Record<string, unknown>>;
  /**
   * A JSON body, as the Cloud API documents its sends (`appsecret_proof` in the address). Tried once: no
   * retry and no throttling wait, since a repeated send is a second message; a call without an answer
   * after `timeoutMs` fails with MetaNoAnswerError.
   */
  postJson(path: string, body: Record<string, unknown>, options?: { timeoutMs?: number }): Promise<Record<string, unknown>>;
  /** Every page of a list edge, following its `after` cursor. */
  list<Raw, T>(path: string, params: Params, map: (raw: Raw) => T): Promise<T[]>;
  /**
   * A file at an address Meta gave (a WhatsApp media url), with the token as `Authorization: Bearer` and no proof
   * (the address is signed); retried as reads are. Only Meta's hosts (or Graph's own, the sandbox) get the token.
   */
  download(url: string): Promise<DownloadedFile>;
}

/** A file as Meta served it. */
export interface DownloadedFile {
  contentType: string;
  bytes: Buffer;
}

export interface AdsCalls {
  /** A customer-list audience (subtype CUSTOM, USER_PROVIDED_ONLY); refused while the account's Custom Audience terms are not accepted. */
  createCustomAudience(adAccountId: string, input: { name: string; description?: string }): Promise<string>;
  /** Normalises and hashes each member, and sends them in batches of one upload session. */
  addAudienceMembers(audienceId: string, members: readonly AudienceMember[]): Promise<AudienceUploadTotals>;
  removeAudienceMembers(audienceId: string, members: readonly AudienceMember[]): Promise<AudienceUploadTotals>;
  customAudience(audienceId: string): Promise<MetaCustomAudience>;
  deleteCustomAudience(audienceId: string): Promise<void>;

  createCampaign(adAccountId: string, input: NewCampaign): Promise<string>;
  updateCampaign(campaignId: string, changes: CampaignChanges): Promise<void>;
  deleteCampaign(campaignId: string): Promise<void>;
  campaign(campaignId: string): Promise<MetaCampaign>;

  createAdSet(adAccountId: string, input: NewAdSet): Promise<string>;
  updateAdSet(adSetId: string, changes: AdSetChanges): Promise<void>;
  adSet(adSetId: string): Promise<MetaAdSet>;
  deleteAdSet(adSetId: string): Promise<void>;

  /** Uploads a JPEG or PNG to the account's image library, and reads back its size. */
  uploadImage(adAccountId: string, input: { filename: string; file: Blob }): Promise<MetaAdImage>;
  /** Uploads an MP4 or MOV: its id at once; Meta then encodes it (see adVideo). */
  uploadVideo(adAccountId: string, input: { name: string; file: Blob }): Promise<string>;
  adVideo(videoId: string): Promise<MetaAdVideo>;
  videoThumbnails(videoId: string): Promise<MetaVideoThumbnail[]>;

  createAdCreative(adAccountId: string, input: NewAdCreative): Promise<string>;
  adCreative(creativeId: string): Promise<MetaAdCreative>;
  createAd(adAccountId: string, input: NewAd): Promise<string>;
  updateAd(adId: string, changes: AdChanges): Promise<void>;
  deleteAd(adId: string): Promise<void>;
  /** The ad set's ads (those not deleted). */
  ads(adSetId: string): Promise<MetaAd[]>;

  searchLocations(query: string, types: ReadonlyArray<'region' | 'city'>, countryCode?: string): Promise<MetaLocation[]>;
  searchInterests(query: string): Promise<MetaInterest[]>;
  productSets(catalogId: string): Promise<MetaProductSet[]>;

  /** The object's insights over `since`–`until`, every page. */
  insights(objectId: string, options: InsightsOptions): Promise<MetaInsightsRow[]>;
}

const CAMPAIGN_FIELDS = 'id,name,objective,status,effective_status,created_time,start_time,stop_time';
const AD_SET_FIELDS =
  'id,name,campaign_id,status,effective_status,daily_budget,billing_event,optimization_goal,bid_strategy,start_time,end_time,targeting,promoted_object';
const AD_FIELDS = 'id,name,adset_id,campaign_id,creative{id},status,effective_status';
const AUDIENCE_FIELDS = 'id,name,approximate_count_lower_bound,approximate_count_upper_bound,operation_status,delivery_status';

type Raw = Record<string, unknown>;

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const textOrNull = (value: unknown) => (value === undefined || value === null || value === '' ? null : text(value));
/** Graph's numbers arrive as strings (budgets, insights) or numbers: either way a number, null when absent. */
function numberOrNull(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}
const numberOf = (value: unknown) => numberOrNull(value) ?? 0;

const path = (id: string, edge?: string) => `/${encodeURIComponent(id)}${edge ? `/${edge}` : ''}`;
const accountPath = (adAccountId: string, edge: string) => path(actId(adAccountId), edge);
const json = (value: unknown) => JSON.stringify(value);

/** The parameters that are set, as Graph takes them. */
function paramsOf(entries: Record<string, string | number | object | null | undefined>): Params {
  const params: Params = {};
  for (const [name, value] of Object.entries(entries))
    if (value !== undefined && value !== null) params[name] = typeof value === 'object' ? json(value) : String(value);
  return params;
}

function createdId(body: Raw): string {
  const id = text(body.id);
  if (!id) throw new MetaUnavailableError('Meta respondió sin id', 200);
  return id;
}

function succeeded(body: Raw): void {
  if (body.success !== true) throw new MetaUnavailableError('Meta no confirmó el cambio', 200);
}

const statusOf = (value: unknown): AudienceStatus => ({
  code: numberOf(isObject(value) ? value.code : undefined),
  description: text(isObject(value) ? value.description : undefined),
});

const campaignOf = (raw: Raw): MetaCampaign => ({
  id: text(raw.id),
  name: text(raw.name),
  objective: text(raw.objective),
  status: text(raw.status) as ConfiguredStatus,
  effectiveStatus: text(raw.effective_status) as EffectiveStatus,
  createdTime: text(raw.created_time),
  startTime: textOrNull(raw.start_time),
  stopTime: textOrNull(raw.stop_time),
});

const adSetOf = (raw: Raw): MetaAdSet => ({
  id: text(raw.id),
  name: text(raw.name),
  campaignId: text(raw.campaign_id),
  status: text(raw.status) as ConfiguredStatus,
  effectiveStatus: text(raw.effective_status) as EffectiveStatus,
  dailyBudget: numberOf(raw.daily_budget),
  billingEvent: text(raw.billing_event),
  optimizationGoal: text(raw.optimization_goal),
  bidStrategy: text(raw.bid_strategy),
  startTime: text(raw.start_time),
  endTime: textOrNull(raw.end_time),
  targeting: (isObject(raw.targeting) ? raw.targeting : { geo_locations: {} }) as unknown as GraphTargeting,
  promotedObject: isObject(raw.promoted_object) ? (raw.promoted_object as GraphPromotedObject) : null,
});

const adOf = (raw: Raw): MetaAd => ({
  id: text(raw.id),
  name: text(raw.name),
  adsetId: text(raw.adset_id),
  campaignId: text(raw.campaign_id),
  creativeId: text(isObject(raw.creative) ? raw.creative.id : undefined),
  status: text(raw.status) as ConfiguredStatus,
  effectiveStatus: text(raw.effective_status) as EffectiveStatus,
});

const actionsOf = (value: unknown): InsightsAction[] =>
  Array.isArray(value)
    ? value.filter(isObject).map((entry) => ({ actionType: text(entry.action_type), value: numberOf(entry.value) }))
    : [];

function insightsRowOf(raw: GraphInsightsRow): MetaInsightsRow {
  return {
    dateStart: text(raw.date_start),
    dateStop: text(raw.date_stop),
    campaignId: textOrNull(raw.campaign_id),
    adsetId: textOrNull(raw.adset_id),
    adId: textOrNull(raw.ad_id),
    reach: numberOrNull(raw.reach),
    impressions: numberOrNull(raw.impressions),
    clicks: numberOrNull(raw.clicks),
    spend: numberOrNull(raw.spend),
    ctr: numberOrNull(raw.ctr),
    cpm: numberOrNull(raw.cpm),
    frequency: numberOrNull(raw.frequency),
    actions: actionsOf(raw.actions),
    actionValues: actionsOf(raw.action_values),
    purchaseRoas: actionsOf(raw.purchase_roas),
    raw,
  };
}

/** The file's media type by its first bytes (Meta sniffs them too; the name's extension may lie). */
async function contentTypeOf(file: Blob, fallback: string): Promise<string> {
  const bytes = Buffer.from(await file.slice(0, 12).arrayBuffer());
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp')
    return bytes.subarray(8, 12).toString('latin1') === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  return fallback;
}

/** The file as a part of the form, typed by its first bytes. */
const graphFile = (filename: string, file: Blob, contentType: string): GraphFile => ({
  filename,
  data: file.slice(0, file.size, contentType),
});

const VIDEO_STATUSES: readonly VideoStatus[] = ['processing', 'ready', 'error'];

export function createAdsCalls(graph: GraphCaller, settings: { audienceBatchSize: number; newSessionId: () => number }): AdsCalls {
  const remove = async (id: string) => succeeded(await graph.delete(path(id)));
  const update = async (id: string, params: Params) => succeeded(await graph.post(path(id), params));

  /**
   * One upload session (`session_id`, `batch_seq` from 1, `last_batch_flag` on the last,
   * `estimated_num_total`): Meta deduplicates a batch sent again within its session, so a batch whose
   * answer was lost is safely repeated.
   */
  async function uploadMembers(method: 'post' | 'delete', audienceId: string, members: readonly AudienceMember[]) {
    const rows = members.flatMap((member) => {
      const row = memberRow(member);
      return row ? [row] : [];
    });
    const sessionId = settings.newSessionId();
    const totals: AudienceUploadTotals = { sessionId: String(sessionId), numReceived: 0, numInvalidEntries: 0 };
    const batches = Math.ceil(rows.length / settings.audienceBatchSize);
    for (let index = 0; index < batches; index += 1) {
      const data = rows.slice(index * settings.audienceBatchSize, (index + 1) * settings.audienceBatchSize);
      const body = await graph[method](
        path(audienceId, 'users'),
        paramsOf({
          payload: { schema: AUDIENCE_SCHEMA, data },
          session: {
            session_id: sessionId,
            batch_seq: index + 1,
            last_batch_flag: index === batches - 1,
            estimated_num_total: rows.length,
          },
        }),
        { idempotent: true },
      );
      totals.numReceived += numberOf(body.num_received);
      totals.numInvalidEntries += numberOf(body.num_invalid_entries);
    }
    return totals;
  }

  return {
    async createCustomAudience(adAccountId, input) {
      const body = await graph.post(
        accountPath(adAccountId, 'customaudiences'),
        paramsOf({ name: input.name, description: input.description, subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY' }),
      );
      return createdId(body);
    },
    addAudienceMembers: (audienceId, members) => uploadMembers('post', audienceId, members),
    removeAudienceMembers: (audienceId, members) => uploadMembers('delete', audienceId, members),
    async customAudience(audienceId) {
      const raw = await graph.get(path(audienceId), { fields: AUDIENCE_FIELDS });
      return {
        id: text(raw.id),
        name: text(raw.name),
        approximateCountLowerBound: numberOrNull(raw.approximate_count_lower_bound) ?? -1,
        approximateCountUpperBound: numberOrNull(raw.approximate_count_upper_bound) ?? -1,
        operationStatus: statusOf(raw.operation_status),
        deliveryStatus: statusOf(raw.delivery_status),
      };
    },
    deleteCustomAudience: remove,

    async createCampaign(adAccountId, input) {
      const body = await graph.post(
        accountPath(adAccountId, 'campaigns'),
        paramsOf({
          name: input.name,
          objective: input.objective,
          status: input.status,
          special_ad_categories: input.specialAdCategories,
          promoted_object: input.promotedObject,
        }),
      );
      return createdId(body);
    },
    updateCampaign: (campaignId, changes) => update(campaignId, paramsOf({ name: changes.name, status: changes.status })),
    deleteCampaign: remove,
    campaign: async (campaignId) => campaignOf(await graph.get(path(campaignId), { fields: CAMPAIGN_FIELDS })),

    async createAdSet(adAccountId, input) {
      const body = await graph.post(
        accountPath(adAccountId, 'adsets'),
        paramsOf({
          name: input.name,
          campaign_id: input.campaignId,
          daily_budget: Math.round(input.dailyBudget),
          billing_event: input.billingEvent,
          optimization_goal: input.optimizationGoal,
          bid_strategy: input.bidStrategy,
          bid_amount: input.bidAmount,
          start_time: input.startTime,
          end_time: input.endTime,
          status: input.status,
          promoted_object: input.promotedObject,
          targeting: input.targeting,
        }),
      );
      return createdId(body);
    },
    updateAdSet: (adSetId, changes) =>
      update(
        adSetId,
        paramsOf({
          name: changes.name,
          daily_budget: changes.dailyBudget === undefined ? undefined : Math.round(changes.dailyBudget),
          status: changes.status,
          start_time: changes.startTime,
          // Meta's way to leave a daily-budget ad set without an end.
          end_time: changes.endTime === null ? '0' : changes.endTime,
          targeting: changes.targeting,
          bid_strategy: changes.bidStrategy,
          bid_amount: changes.bidAmount,
        }),
      ),
    adSet: async (adSetId) => adSetOf(await graph.get(path(adSetId), { fields: AD_SET_FIELDS })),
    deleteAdSet: remove,

    async uploadImage(adAccountId, input) {
      const file = graphFile(input.filename, input.file, await contentTypeOf(input.file, 'application/octet-stream'));
      const body = await graph.post(accountPath(adAccountId, 'adimages'), { filename: file });
      const images = isObject(body.images) ? Object.values(body.images).filter(isObject) : [];
      const hash = text(images[0]?.hash);
      if (!hash) throw new MetaUnavailableError('Meta respondió sin el hash de la imagen', 200);
      const [image] = await graph.list(
        accountPath(adAccountId, 'adimages'),
        { hashes: json([hash]), fields: 'hash,url,width,height' },
        (raw: Raw): MetaAdImage => ({ hash: text(raw.hash), url: text(raw.url), width: numberOf(raw.width), height: numberOf(raw.height) }),
      );
      if (!image) throw new MetaUnavailableError('Meta no encontró la imagen recién subida', 200);
      return image;
    },
    async uploadVideo(adAccountId, input) {
      const contentType = await contentTypeOf(input.file, 'video/mp4');
      const file = graphFile(`${input.name}.${contentType === 'video/quicktime' ? 'mov' : 'mp4'}`, input.file, contentType);
      return createdId(await graph.post(accountPath(adAccountId, 'advideos'), { name: input.name, source: file }));
    },
    async adVideo(videoId) {
      const raw = await graph.get(path(videoId), { fields: 'id,status,length,width,height' });
      const status = text(isObject(raw.status) ? raw.status.video_status : undefined) as VideoStatus;
      return {
        id: text(raw.id),
        status: VIDEO_STATUSES.includes(status) ? status : 'processing',
        length: numberOf(raw.length),
        width: numberOf(raw.width),
        height: numberOf(raw.height),
      };
    },
    videoThumbnails: (videoId) =>
      graph.list(path(videoId, 'thumbnails'), { fields: 'id,uri,width,height,is_preferred' }, (raw: Raw) => ({
        id: text(raw.id),
        uri: text(raw.uri),
        width: numberOf(raw.width),
        height: numberOf(raw.height),
        isPreferred: raw.is_preferred === true,
      })),

    async createAdCreative(adAccountId, input) {
      const body = await graph.post(
        accountPath(adAccountId, 'adcreatives'),
        paramsOf({ name: input.name, object_story_spec: input.objectStorySpec }),
      );
      return createdId(body);
    },
    async adCreative(creativeId) {
      const raw = await graph.get(path(creativeId), { fields: 'id,name,object_story_spec' });
      return {
        id: text(raw.id),
        name: text(raw.name),
        objectStorySpec: (isObject(raw.object_story_spec) ? raw.object_story_spec : {}) as unknown as GraphObjectStorySpec,
      };
    },
    async createAd(adAccountId, input) {
      const body = await graph.post(
        accountPath(adAccountId, 'ads'),
        paramsOf({ name: input.name, adset_id: input.adsetId, creative: { creative_id: input.creativeId }, status: input.status }),
      );
      return createdId(body);
    },
    updateAd: (adId, changes) =>
      update(
        adId,
        paramsOf({
          name: changes.name,
          status: changes.status,
          creative: changes.creativeId === undefined ? undefined : { creative_id: changes.creativeId },
        }),
      ),
    deleteAd: remove,
    ads: (adSetId) => graph.list(path(adSetId, 'ads'), { fields: AD_FIELDS }, adOf),

    searchLocations: (query, types, countryCode = 'CL') =>
      graph.list(
        '/search',
        paramsOf({ type: 'adgeolocation', q: query, location_types: [...types], country_code: countryCode }),
        (raw: Raw) => ({
          key: text(raw.key),
          name: text(raw.name),
          type: text(raw.type) as MetaLocation['type'],
          countryCode: text(raw.country_code),
          region: textOrNull(raw.region),
          regionId: textOrNull(raw.region_id),
        }),
      ),
    searchInterests: (query) =>
      graph.list('/search', { type: 'adinterest', q: query }, (raw: Raw) => ({
        id: text(raw.id),
        name: text(raw.name),
        audienceSizeLowerBound: numberOf(raw.audience_size_lower_bound),
        audienceSizeUpperBound: numberOf(raw.audience_size_upper_bound),
        path: Array.isArray(raw.path) ? raw.path.map(text) : [],
      })),
    productSets: (catalogId) =>
      graph.list(path(catalogId, 'product_sets'), { fields: 'id,name,product_count' }, (raw: Raw) => ({
        id: text(raw.id),
        name: text(raw.name),
        productCount: numberOf(raw.product_count),
      })),

    insights: (objectId, options) =>
      graph.list(
        path(objectId, 'insights'),
        paramsOf({
          fields: [
            ...new Set([
              ...(options.fields ?? DEFAULT_INSIGHTS_FIELDS),
              'date_start',
              'date_stop',
              ...(options.level ? [`${options.level}_id`] : []),
            ]),
          ].join(','),
          time_range: { since: options.since, until: options.until },
          time_increment: options.timeIncrement ?? 'all_days',
          level: options.level,
        }),
        insightsRowOf,
      ),
  };
}
