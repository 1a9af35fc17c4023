import type { ConfiguredStatus, GraphObjectStorySpec, GraphPromotedObject, GraphTargeting } from '../types.ts';
import type {
  GraphTemplateComponent,
  MessagingLimitTier,
  NameStatus,
  ParameterFormat,
  QualityRating,
  TemplateCategory,
  TemplateRejectedReason,
  TemplateStatus,
} from '../whatsapp/types.ts';
import type { WhatsAppChange } from '../whatsapp/webhooks.ts';

/*
 * What the sandbox's Graph knows: people, businesses and their assets, each a node indexed by its id
 * as Graph addresses it (`act_…` for ad accounts). Ids are handed out in fixed ranges, so the same
 * additions give the same ids on every run.
 *
 * An ad account keeps its own objects (`objects`): campaigns, ad sets, ads, creatives, custom
 * audiences and videos, each also indexed in `nodes` so `GET /{id}` finds it. A deleted object leaves
 * `nodes` (Graph no longer knows it) but stays in `objects`, with its history, for the account's
 * insights. Images live apart (`images`), addressed by their hash as Graph addresses them.
 */

export interface SandboxUser {
  id: string;
  name: string;
  email: string;
  password: string;
}

export interface SandboxBusiness {
  id: string;
  name: string;
  createdTime: string;
  verificationStatus: 'verified' | 'not_verified';
  /** People with a role in the business: they see it and its assets. */
  people: Set<string>;
  ownedAdAccounts: string[];
  clientAdAccounts: string[];
  ownedPages: string[];
  clientPages: string[];
  instagramAccounts: string[];
  pixels: string[];
  catalogs: string[];
  ownedWhatsAppAccounts: string[];
  clientWhatsAppAccounts: string[];
  /** The portfolio's WhatsApp messaging limit, shared by all its numbers (Meta's default for a new one is 250). */
  messagingLimit: MessagingLimitTier;
}

/** A WhatsApp Business Account: its numbers, and the apps subscribed to its webhooks. */
export interface SandboxWhatsAppAccount {
  id: string;
  name: string;
  businessId: string;
  currency: string;
  timezoneId: string;
  accountReviewStatus: 'APPROVED' | 'PENDING' | 'REJECTED';
  messageTemplateNamespace: string;
  phoneNumbers: string[];
  /** The apps subscribed to its webhooks, by app id, with their name. */
  subscribedApps: Map<string, string>;
  /** Its message templates' ids, oldest first. */
  templates: string[];
  /** When each deleted name was deleted: Meta keeps it from being used again for 30 days. */
  deletedNames: Map<string, number>;
}

/** A message template and where its review and quality stand. Times are ms. */
export interface SandboxTemplate {
  id: string;
  wabaId: string;
  businessId: string;
  name: string;
  language: string;
  category: TemplateCategory;
  parameterFormat: ParameterFormat;
  components: GraphTemplateComponent[];
  status: TemplateStatus;
  createdTime: number;
  /** When the review under way ends (while PENDING). */
  reviewEndsAt: number;
  rejectedReason: TemplateRejectedReason;
  quality: QualityRating;
  qualityTime: number;
  /** How many times low quality paused it: the third time disables it. */
  pauses: number;
  /** When the pause under way ends (while PAUSED). */
  pausedUntil: number;
  /** When it was edited while approved (Meta allows once a day and 10 times in 30 days). */
  approvedEdits: number[];
}

/** A Resumable Upload API session: the file announced, and the bytes received so far. */
export interface UploadSession {
  id: string;
  appId: string;
  userId: string;
  fileName: string;
  fileType: string;
  fileLength: number;
  chunks: Buffer[];
  received: number;
  /** The file's handle once every byte arrived. */
  handle: string | null;
}

/** A file of a phone number's messages: uploaded (`POST /{phone-number-id}/media`) or sent by a customer. */
export interface SandboxMedia {
  id: string;
  phoneNumberId: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
  /** When Meta took it, on the sandbox's clock: Meta keeps media 30 days. */
  createdAt: number;
}

/** A change to send to the apps subscribed to a WhatsApp Business Account, when it happened. */
export interface PendingWhatsAppChange {
  wabaId: string;
  at: number;
  change: WhatsAppChange;
}

/** A message the sandbox accepted from a business number: what a test counts (`whatsapp.sentMessages()`). */
export interface SandboxMessage {
  /** `wamid.…`, as the send answered. */
  id: string;
  phoneNumberId: string;
  wabaId: string;
  /** The recipient's wa_id (digits). */
  to: string;
  /** `messages` (Cloud API) or `marketing_messages` (Marketing Messages API). */
  endpoint: 'messages' | 'marketing_messages';
  type: string;
  /** The template's name, language and category, for a template message. */
  template: { name: string; language: string; category: string } | null;
  /** Named parameters given, by component: `body.first_name`, `header.name`, `button.0`… */
  parameters: Record<string, string>;
  /** The request's own message object (template, text…), as sent. */
  payload: Record<string, unknown>;
  acceptedAt: number;
  /** The sender's `biz_opaque_callback_data`, echoed in the statuses. */
  callbackData: string | null;
  /** Meta's token for this message's click events (Marketing Messages API). */
  trackingToken: string | null;
  /** Where it ended: failed carries Meta's error code. */
  outcome: { status: 'sent' | 'delivered' | 'read' | 'failed'; errorCode: number | null };
}

/** How a customer's number answers what the business sends it (sandbox controls). */
export interface SandboxRecipient {
  /** Stopped the business's marketing (131050) or Meta holds marketing back (131049). */
  marketing: 'allowed' | 'stopped' | 'heldBack';
  /** Not a WhatsApp user, or unreachable (131026). */
  undeliverable: boolean;
  /** Whether those refusals come as the send's error (true) or, as Meta does, as a `failed` status (false). */
  refuseInResponse: boolean;
  /** Whether the user reads what they get (a `read` status follows `delivered`). */
  reads: boolean;
  /** When the customer last wrote to each business number: free text is allowed for 24 h after (else 131047). */
  lastInbound: Map<string, number>;
}

/** A failure queued for the next sends (`whatsapp.failNextSends`). */
export interface SendFault {
  /** `error`: Meta answers 500 with 131000; `timeout`: the answer comes after `delayMs` (the message accepted or not). */
  kind: 'error' | 'timeout';
  delayMs: number;
  accepted: boolean;
}

export interface SandboxMessaging {
  messages: Map<string, SandboxMessage>;
  /** Accepted messages, in order. */
  sent: SandboxMessage[];
  recipients: Map<string, SandboxRecipient>;
  /** Messages per second each number may send (Meta's default 80; 1,000 once upgraded). */
  throughput: Map<string, number>;
  /** Sends counted in the current second, per number. */
  windows: Map<string, { second: number; count: number }>;
  /** When each (number, user) pair last got a message. */
  pairLast: Map<string, number>;
  faults: SendFault[];
  /** Inbound messages' ids, for `markRead`. */
  inbound: Set<string>;
  /** The inbound messages the business marked read, in order (`whatsapp.readReceipts()`). */
  readReceipts: { phoneNumberId: string; messageId: string; at: number }[];
  /** Status, message and click changes for the webhooks, oldest first (apart from templates': there are many). */
  changes: PendingWhatsAppChange[];
  sequence: number;
  /** Meta's habits on statuses and inbound messages, and when statuses follow an accepted message. */
  habits: {
    /** Duplicates, read without delivered, delivered after read, inbound messages twice (drawn from `random`). */
    awkward: boolean;
    /** Delay of delivered and of read after acceptance (ms; 0 for all at once). */
    deliveredAfterMs: number;
    readAfterMs: number;
    random: () => number;
  };
}

export interface SandboxPhoneNumber {
  id: string;
  wabaId: string;
  businessId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: QualityRating;
  codeVerificationStatus: 'VERIFIED' | 'NOT_VERIFIED' | 'EXPIRED';
  nameStatus: NameStatus;
  throughputLevel: 'STANDARD' | 'HIGH';
}

export interface SandboxAdAccount {
  /** `act_<accountId>`. */
  id: string;
  accountId: string;
  name: string;
  currency: string;
  accountStatus: number;
  /** In the currency's offset (1 for CLP). */
  minDailyBudget: number;
  timezoneName: string;
  /** The business that owns it: its use-case limits count the account's calls. */
  businessId: string;
  /** `user_tasks` per person (MANAGE is admin access). */
  tasks: Map<string, string[]>;
  /** The terms accepted (`custom_audience_tos`…), as `tos_accepted` lists them. */
  termsAccepted: Set<string>;
  /** Campaigns, ad sets, ads, creatives, custom audiences and videos by id, deleted ones too. */
  objects: Map<string, AdAccountObject>;
  /** The image library, by hash. */
  images: Map<string, SandboxAdImage>;
}

/** A configured status and when it was set: insights read what was running when from this history. */
export interface StatusChange {
  at: number;
  status: ConfiguredStatus;
}

/** What every object of an ad account has. Times are ms. */
interface AdObject {
  id: string;
  /** The owning account, `act_…`. */
  accountId: string;
  name: string;
  createdTime: number;
  updatedTime: number;
}

interface Delivering extends AdObject {
  /** Oldest first; the last is the current status. */
  statuses: StatusChange[];
}

export interface SandboxCampaign extends Delivering {
  objective: string;
  specialAdCategories: string[];
  promotedObject: GraphPromotedObject | null;
}

export interface SandboxAdSet extends Delivering {
  campaignId: string;
  /** Offset units. */
  dailyBudget: number;
  billingEvent: string;
  optimizationGoal: string;
  bidStrategy: string;
  bidAmount: number | null;
  startTime: number;
  endTime: number | null;
  targeting: GraphTargeting;
  promotedObject: GraphPromotedObject | null;
}

export interface SandboxAd extends Delivering {
  adsetId: string;
  campaignId: string;
  creativeId: string;
  /** Reads left before the review is done (IN_PROCESS until then). */
  reviewReads: number;
}

export interface SandboxAdCreative extends AdObject {
  objectStorySpec: GraphObjectStorySpec;
}

/** One person of a customer list: the hashes uploaded for them, and whether Meta "found" them. */
export interface AudiencePerson {
  keys: string[];
  matched: boolean;
}

export interface SandboxCustomAudience extends AdObject {
  description: string;
  subtype: string;
  customerFileSource: string;
  deleted: boolean;
  /** By the person's first hash. */
  people: Map<string, AudiencePerson>;
  /** Every uploaded hash, to the person it belongs to. */
  keyIndex: Map<string, string>;
  /** The batches seen of each upload session, so a batch sent again is not counted twice. */
  sessions: Map<string, Map<number, { received: number; invalid: number }>>;
  /** Reads left while Meta matches the last upload (operation_status 441). */
  matchingReads: number;
  uploaded: boolean;
}

export interface SandboxAdImage {
  hash: string;
  accountId: string;
  name: string;
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
  createdTime: number;
}

export interface SandboxAdVideo extends AdObject {
  bytes: number;
  contentType: string;
  width: number;
  height: number;
  /** Seconds. */
  length: number;
  /** Reads left while Meta encodes it. */
  processingReads: number;
  deleted: boolean;
}

export interface SandboxProductSet {
  id: string;
  catalogId: string;
  name: string;
  productCount: number;
  businessId: string;
}

export interface SandboxPage {
  id: string;
  name: string;
  category: string;
  businessId: string;
}

export interface SandboxInstagramAccount {
  id: string;
  username: string;
  businessId: string;
}

export interface SandboxPixel {
  id: string;
  name: string;
  creationTime: string;
  businessId: string;
}

export interface SandboxCatalog {
  id: string;
  name: string;
  productCount: number;
  businessId: string;
}

/** A node and Graph's name for its type (the name its errors quote). */
export type SandboxNode =
  | { type: 'User'; value: SandboxUser }
  | { type: 'Business'; value: SandboxBusiness }
  | { type: 'AdAccount'; value: SandboxAdAccount }
  | { type: 'Page'; value: SandboxPage }
  | { type: 'InstagramUser'; value: SandboxInstagramAccount }
  | { type: 'AdsPixel'; value: SandboxPixel }
  | { type: 'ProductCatalog'; value: SandboxCatalog }
  | { type: 'ProductSet'; value: SandboxProductSet }
  | { type: 'WhatsAppBusinessAccount'; value: SandboxWhatsAppAccount }
  | { type: 'WhatsAppBusinessPhoneNumber'; value: SandboxPhoneNumber }
  | { type: 'MessageTemplate'; value: SandboxTemplate }
  | AdAccountObject;

/** The objects an ad account owns. */
export type AdAccountObject =
  | { type: 'Campaign'; value: SandboxCampaign }
  | { type: 'AdSet'; value: SandboxAdSet }
  | { type: 'Ad'; value: SandboxAd }
  | { type: 'AdCreative'; value: SandboxAdCreative }
  | { type: 'CustomAudience'; value: SandboxCustomAudience }
  | { type: 'AdVideo'; value: SandboxAdVideo };

export type NodeType = SandboxNode['type'];
export type AdObjectType = AdAccountObject['type'];
export type AdObjectValue = { [K in AdObjectType]: Extract<AdAccountObject, { type: K }>['value'] };

type BusinessAsset = Exclude<
  SandboxNode,
  { type: 'User' | 'Business' | 'ProductSet' | 'WhatsAppBusinessPhoneNumber' | 'MessageTemplate' | AdObjectType }
>;
type AssetList =
  | 'ownedAdAccounts'
  | 'clientAdAccounts'
  | 'ownedPages'
  | 'clientPages'
  | 'instagramAccounts'
  | 'pixels'
  | 'catalogs'
  | 'ownedWhatsAppAccounts'
  | 'clientWhatsAppAccounts';

/** Each type's id range: a prefix and the id's length, like Meta's (users and Instagram accounts have 17 digits). */
const ID_RANGES: Record<NodeType, { prefix: string; digits: number }> = {
  User: { prefix: '1022', digits: 17 },
  Business: { prefix: '1500', digits: 16 },
  AdAccount: { prefix: '2400', digits: 16 },
  Page: { prefix: '1010', digits: 16 },
  InstagramUser: { prefix: '178414', digits: 17 },
  AdsPixel: { prefix: '9100', digits: 16 },
  ProductCatalog: { prefix: '7000', digits: 16 },
  ProductSet: { prefix: '5500', digits: 16 },
  // Marketing API objects have 18-digit ids starting 120 (audiences 17 digits, 238…), as Meta's do today.
  Campaign: { prefix: '120210', digits: 18 },
  AdSet: { prefix: '120211', digits: 18 },
  Ad: { prefix: '120212', digits: 18 },
  AdCreative: { prefix: '120213', digits: 18 },
  CustomAudience: { prefix: '23850', digits: 17 },
  AdVideo: { prefix: '8800', digits: 16 },
  // WhatsApp's ids have 15 digits, as Meta's do (WABAs 102…, numbers 106… in its examples).
  WhatsAppBusinessAccount: { prefix: '1029', digits: 15 },
  WhatsAppBusinessPhoneNumber: { prefix: '1065', digits: 15 },
  MessageTemplate: { prefix: '5944', digits: 15 },
};

type Optional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

export type NewAdAccount = Optional<
  Omit<SandboxAdAccount, 'id' | 'businessId' | 'tasks' | 'termsAccepted' | 'objects' | 'images'>,
  'accountId' | 'currency' | 'accountStatus' | 'minDailyBudget' | 'timezoneName'
> & {
  tasks?: Record<string, string[]>;
  customAudienceTermsAccepted?: boolean;
};

export type MetaSandboxStore = ReturnType<typeof createStore>;

export function createStore() {
  const nodes = new Map<string, SandboxNode>();
  const users: SandboxUser[] = [];
  const counters = new Map<NodeType, number>();
  /** WhatsApp's changes not yet handed to the webhook delivery, oldest first. */
  const whatsappChanges: PendingWhatsAppChange[] = [];

  /** The next free id of the type's range. */
  function nextId(type: NodeType): string {
    const { prefix, digits } = ID_RANGES[type];
    for (;;) {
      const count = (counters.get(type) ?? 0) + 1;
      counters.set(type, count);
      const id = `${prefix}${String(count).padStart(digits - prefix.length, '0')}`;
      if (!nodes.has(id) && !nodes.has(`act_${id}`)) return id;
    }
  }

  function business(id: string): SandboxBusiness {
    const node = nodes.get(id);
    if (node?.type !== 'Business') throw new Error(`No business ${id} in the sandbox`);
    return node.value;
  }

  /** Indexes a business's asset and lists it with its owner (and with each business in `clientOf`, as a client asset). */
  function place<N extends BusinessAsset>(
    node: N,
    list: AssetList,
    clientOf: readonly string[] = [],
    clientList: AssetList = list,
  ): N['value'] {
    const owner = business(node.value.businessId);
    const clients = clientOf.map(business);
    nodes.set(node.value.id, node);
    owner[list].push(node.value.id);
    for (const client of clients) client[clientList].push(node.value.id);
    return node.value;
  }

  return {
    nodes,
    users: users as readonly SandboxUser[],
    whatsappChanges,
    /** How long Meta's review of a template takes here (MetaSandboxOptions.templateReviewSeconds). */
    templateReviewMs: 10_000,
    /** The header-sample handles the Resumable Upload API gave. */
    uploadHandles: new Set<string>(),
    uploadSessions: new Map<string, UploadSession>(),
    messaging: {
      messages: new Map(),
      sent: [],
      recipients: new Map(),
      throughput: new Map(),
      windows: new Map(),
      pairLast: new Map(),
      faults: [],
      inbound: new Set(),
      readReceipts: [],
      changes: [],
      sequence: 0,
      habits: { awkward: false, deliveredAfterMs: 1000, readAfterMs: 5000, random: Math.random },
    } as SandboxMessaging,
    /** Media uploaded for messages, by id. */
    media: new Map<string, SandboxMedia>(),

    addUser(input: Optional<SandboxUser, 'id'>): SandboxUser {
      const user = { ...input, id: input.id ?? nextId('User') };
      users.push(user);
      nodes.set(user.id, { type: 'User', value: user });
      return user;
    },

    addBusiness(input: {
      id?: string;
      name: string;
      people: readonly string[];
      verified?: boolean;
      createdTime?: string;
      messagingLimit?: MessagingLimitTier;
    }): SandboxBusiness {
      const value: SandboxBusiness = {
        id: input.id ?? nextId('Business'),
        name: input.name,
        createdTime: input.createdTime ?? '2021-03-15T14:00:00+0000',
        verificationStatus: input.verified ? 'verified' : 'not_verified',
        people: new Set(input.people),
        ownedAdAccounts: [],
        clientAdAccounts: [],
        ownedPages: [],
        clientPages: [],
        instagramAccounts: [],
        pixels: [],
        catalogs: [],
        ownedWhatsAppAccounts: [],
        clientWhatsAppAccounts: [],
        messagingLimit: input.messagingLimit ?? 'TIER_250',
      };
      nodes.set(value.id, { type: 'Business', value });
      return value;
    },

    /** An ad account owned by `businessId` (and a client account of each of `clientOf`). */
    addAdAccount(businessId: string, input: NewAdAccount & { id?: string }, clientOf: readonly string[] = []): SandboxAdAccount {
      const accountId = input.accountId ?? input.id?.replace(/^act_/, '') ?? nextId('AdAccount');
      const value: SandboxAdAccount = {
        id: `act_${accountId}`,
        accountId,
        name: input.name,
        currency: input.currency ?? 'CLP',
        accountStatus: input.accountStatus ?? 1,
        minDailyBudget: input.minDailyBudget ?? 2000,
        timezoneName: input.timezoneName ?? 'America/Santiago',
        businessId,
        tasks: new Map(Object.entries(input.tasks ?? {})),
        termsAccepted: new Set(input.customAudienceTermsAccepted ? ['custom_audience_tos'] : []),
        objects: new Map(),
        images: new Map(),
      };
      return place({ type: 'AdAccount', value }, 'ownedAdAccounts', clientOf, 'clientAdAccounts');
    },

    /** A page owned by `businessId` (and a client page of each of `clientOf`). */
    addPage(businessId: string, input: { id?: string; name: string; category?: string }, clientOf: readonly string[] = []): SandboxPage {
      const value = { id: input.id ?? nextId('Page'), name: input.name, category: input.category ?? 'Tienda de ropa', businessId };
      return place({ type: 'Page', value }, 'ownedPages', clientOf, 'clientPages');
    },

    addInstagramAccount: (businessId: string, input: { id?: string; username: string }): SandboxInstagramAccount =>
      place(
        { type: 'InstagramUser', value: { id: input.id ?? nextId('InstagramUser'), username: input.username, businessId } },
        'instagramAccounts',
      ),

    addPixel: (businessId: string, input: { id?: string; name: string; creationTime?: string }): SandboxPixel =>
      place(
        {
          type: 'AdsPixel',
          value: {
            id: input.id ?? nextId('AdsPixel'),
            name: input.name,
            creationTime: input.creationTime ?? '2022-05-02T13:00:00+0000',
            businessId,
          },
        },
        'pixels',
      ),

    addCatalog: (businessId: string, input: { id?: string; name: string; productCount?: number }): SandboxCatalog =>
      place(
        {
          type: 'ProductCatalog',
          value: { id: input.id ?? nextId('ProductCatalog'), name: input.name, productCount: input.productCount ?? 0, businessId },
        },
        'catalogs',
      ),

    /** A product set of a catalog (Meta gives every catalog an "all products" one; the demo adds more). */
    addProductSet(catalogId: string, input: { id?: string; name: string; productCount: number }): SandboxProductSet {
      const catalog = nodes.get(catalogId);
      if (catalog?.type !== 'ProductCatalog') throw new Error(`No catalog ${catalogId} in the sandbox`);
      const value = {
        id: input.id ?? nextId('ProductSet'),
        catalogId,
        name: input.name,
        productCount: input.productCount,
        businessId: catalog.value.businessId,
      };
      nodes.set(value.id, { type: 'ProductSet', value });
      return value;
    },

    /** A WhatsApp Business Account owned by `businessId` (and a client account of each of `clientOf`). */
    addWhatsAppAccount(
      businessId: string,
      input: Optional<
        Omit<SandboxWhatsAppAccount, 'businessId' | 'phoneNumbers' | 'subscribedApps' | 'templates' | 'deletedNames'>,
        'id' | 'currency' | 'timezoneId' | 'accountReviewStatus' | 'messageTemplateNamespace'
      >,
      clientOf: readonly string[] = [],
    ): SandboxWhatsAppAccount {
      const id = input.id ?? nextId('WhatsAppBusinessAccount');
      const value: SandboxWhatsAppAccount = {
        currency: 'USD',
        // Meta's timezone ids: 79 is America/Santiago.
        timezoneId: '79',
        accountReviewStatus: 'APPROVED',
        messageTemplateNamespace: `${id.slice(-8)}_recompra_sandbox`,
        ...input,
        id,
        businessId,
        phoneNumbers: [],
        subscribedApps: new Map(),
        templates: [],
        deletedNames: new Map(),
      };
      return place({ type: 'WhatsAppBusinessAccount', value }, 'ownedWhatsAppAccounts', clientOf, 'clientWhatsAppAccounts');
    },

    /** A business phone number of a WABA. */
    addPhoneNumber(
      wabaId: string,
      input: Optional<
        Omit<SandboxPhoneNumber, 'wabaId' | 'businessId'>,
        'id' | 'qualityRating' | 'codeVerificationStatus' | 'nameStatus' | 'throughputLevel'
      >,
    ): SandboxPhoneNumber {
      const waba = nodes.get(wabaId);
      if (waba?.type !== 'WhatsAppBusinessAccount') throw new Error(`No WhatsApp Business Account ${wabaId} in the sandbox`);
      const value: SandboxPhoneNumber = {
        qualityRating: 'GREEN',
        codeVerificationStatus: 'VERIFIED',
        nameStatus: 'APPROVED',
        throughputLevel: 'STANDARD',
        ...input,
        id: input.id ?? nextId('WhatsAppBusinessPhoneNumber'),
        wabaId,
        businessId: waba.value.businessId,
      };
      nodes.set(value.id, { type: 'WhatsAppBusinessPhoneNumber', value });
      waba.value.phoneNumbers.push(value.id);
      return value;
    },

    /** Files a WABA's new template under the next id of the range. */
    addTemplate(account: SandboxWhatsAppAccount, build: (id: string) => SandboxTemplate): SandboxTemplate {
      const value = build(nextId('MessageTemplate'));
      nodes.set(value.id, { type: 'MessageTemplate', value });
      account.templates.push(value.id);
      return value;
    },

    template(id: string): SandboxTemplate | null {
      const node = nodes.get(id);
      return node?.type === 'MessageTemplate' ? node.value : null;
    },

    whatsAppAccount(id: string): SandboxWhatsAppAccount | null {
      const node = nodes.get(id);
      return node?.type === 'WhatsAppBusinessAccount' ? node.value : null;
    },

    phoneNumber(id: string): SandboxPhoneNumber | null {
      const node = nodes.get(id);
      return node?.type === 'WhatsAppBusinessPhoneNumber' ? node.value : null;
    },

    productSetsOf: (catalogId: string) =>
      [...nodes.values()].flatMap((node) => (node.type === 'ProductSet' && node.value.catalogId === catalogId ? [node.value] : [])),

    /** Files an ad account's new object under the next id of its type's range; Graph finds it from then on. */
    addAdObject<K extends AdObjectType>(account: SandboxAdAccount, type: K, build: (id: string) => AdObjectValue[K]): AdObjectValue[K] {
      const value = build(nextId(type));
      const node = { type, value } as AdAccountObject;
      nodes.set(value.id, node);
      account.objects.set(value.id, node);
      return value;
    },

    /** An ad account's object by id, deleted ones too. */
    adObject<K extends AdObjectType>(account: SandboxAdAccount, id: string, type: K): AdObjectValue[K] | null {
      const node = account.objects.get(id);
      return node?.type === type ? (node.value as AdObjectValue[K]) : null;
    },

    /** What DELETE leaves: the account keeps the object, Graph forgets it. */
    forget(id: string) {
      nodes.delete(id);
    },

    user: (id: string) => users.find((user) => user.id === id) ?? null,

    adAccount(id: string): SandboxAdAccount | null {
      const node = nodes.get(id.startsWith('act_') ? id : `act_${id}`);
      return node?.type === 'AdAccount' ? node.value : null;
    },

    /** The businesses the person has a role in. */
    businessesOf: (userId: string) =>
      [...nodes.values()].flatMap((node) => (node.type === 'Business' && node.value.people.has(userId) ? [node.value] : [])),
  };
}
