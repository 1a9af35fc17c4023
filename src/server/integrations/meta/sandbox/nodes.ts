import type { GraphAdAccount } from '../types.ts';
import type { MetaSandboxStore, NodeType, SandboxBusiness, SandboxNode, SandboxUser } from './store.ts';

/*
 * Each node type as Graph serves it: its fields (what `fields=` may name, and the few it answers
 * without), who may see it (anyone else gets "Unsupported get request", as for an id that does not
 * exist), the permissions reading it needs, its list edges, and whose rate-limit allowance its calls
 * spend. A new kind of object (a campaign, an audience) is one more entry here.
 *
 * The sandbox asks for ads_management on every ad-account read, where Meta would take ads_read for
 * reads: Recompra needs both, and one rule keeps a declined ads_management visible at once.
 */

/** The person a call acts for, and what they granted the calling app. */
export interface Viewer {
  user: SandboxUser;
  appId: string;
  has(permission: string): boolean;
}

export interface NodeContext {
  viewer: Viewer;
  store: MetaSandboxStore;
}

export interface Edge<T> {
  permissions: readonly string[];
  list(value: T, context: NodeContext): SandboxNode[];
}

export interface NodeDefinition<T> {
  /** Readers of each field; one answering undefined leaves the field out, as Graph leaves out empty ones. */
  fields: Record<string, (value: T, context: NodeContext) => unknown>;
  defaultFields: readonly string[];
  permissions: readonly string[];
  visible(value: T, context: NodeContext): boolean;
  /** The business whose use-case allowance a call about it spends (and the ad account's, for ad accounts). */
  scope?(value: T): { businessId: string; adAccountId: string | null };
  edges: Record<string, Edge<T>>;
}

type Definitions = { [K in NodeType]: NodeDefinition<Extract<SandboxNode, { type: K }>['value']> };

const nodesOf = (store: MetaSandboxStore, ids: readonly string[]) =>
  ids.flatMap((id) => {
    const node = store.nodes.get(id);
    return node ? [node] : [];
  });

/** Whether one of the viewer's businesses lists `id` among the assets `listsOf` names. */
const throughBusiness = (context: NodeContext, id: string, listsOf: (business: SandboxBusiness) => readonly string[][]) =>
  context.store.businessesOf(context.viewer.user.id).some((business) => listsOf(business).some((ids) => ids.includes(id)));

const businessEdge = (permission: string, idsOf: (business: SandboxBusiness) => readonly string[]): Edge<SandboxBusiness> => ({
  permissions: ['business_management', permission],
  list: (business, context) => nodesOf(context.store, idsOf(business)),
});

/** A page, Instagram account, pixel or catalog: seen through a business that lists it, its calls spent on its owner's allowance. */
function businessAsset<T extends { id: string; businessId: string }>(
  fields: NodeDefinition<T>['fields'],
  defaultFields: readonly string[],
  permission: string,
  listsOf: (business: SandboxBusiness) => readonly string[][],
): NodeDefinition<T> {
  return {
    fields: { id: (value) => value.id, ...fields },
    defaultFields,
    permissions: [permission],
    visible: (value, context) => throughBusiness(context, value.id, listsOf),
    scope: (value) => ({ businessId: value.businessId, adAccountId: null }),
    edges: {},
  };
}

export const NODE_TYPES: Definitions = {
  User: {
    fields: {
      id: (user) => user.id,
      name: (user) => user.name,
      first_name: (user) => user.name.split(' ')[0],
      last_name: (user) => user.name.split(' ').slice(1).join(' ') || undefined,
      short_name: (user) => user.name.split(' ')[0],
      email: (user, context) => (context.viewer.has('email') ? user.email : undefined),
    },
    defaultFields: ['name', 'id'],
    permissions: [],
    visible: (user, context) => user.id === context.viewer.user.id,
    edges: {
      businesses: {
        permissions: ['business_management'],
        list: (user, context) => context.store.businessesOf(user.id).map((value) => ({ type: 'Business', value }) as const),
      },
    },
  },

  Business: {
    fields: {
      id: (business) => business.id,
      name: (business) => business.name,
      created_time: (business) => business.createdTime,
      verification_status: (business) => business.verificationStatus,
    },
    defaultFields: ['id', 'name'],
    permissions: ['business_management'],
    visible: (business, context) => business.people.has(context.viewer.user.id),
    scope: (business) => ({ businessId: business.id, adAccountId: null }),
    edges: {
      owned_ad_accounts: businessEdge('ads_management', (business) => business.ownedAdAccounts),
      client_ad_accounts: businessEdge('ads_management', (business) => business.clientAdAccounts),
      owned_pages: businessEdge('pages_show_list', (business) => business.ownedPages),
      client_pages: businessEdge('pages_show_list', (business) => business.clientPages),
      instagram_accounts: businessEdge('instagram_basic', (business) => business.instagramAccounts),
      adspixels: businessEdge('ads_management', (business) => business.pixels),
      owned_product_catalogs: businessEdge('catalog_management', (business) => business.catalogs),
    },
  },

  AdAccount: {
    fields: {
      id: (account) => account.id,
      account_id: (account) => account.accountId,
      name: (account) => account.name,
      currency: (account) => account.currency,
      account_status: (account) => account.accountStatus,
      min_daily_budget: (account) => account.minDailyBudget,
      timezone_name: (account) => account.timezoneName,
      timezone_offset_hours_utc: () => -3,
      disable_reason: () => 0,
      amount_spent: () => '0',
      owner: (account) => account.businessId,
      business: (account, context) => {
        const owner = context.store.nodes.get(account.businessId);
        return owner?.type === 'Business' ? { id: owner.value.id, name: owner.value.name } : undefined;
      },
      user_tasks: (account, context) => account.tasks.get(context.viewer.user.id) ?? [],
      tos_accepted: (account): GraphAdAccount['tos_accepted'] =>
        account.termsAccepted.size > 0 ? Object.fromEntries([...account.termsAccepted].map((terms) => [terms, 1])) : undefined,
    },
    defaultFields: ['account_id', 'id'],
    permissions: ['ads_management'],
    visible: (account, context) =>
      account.tasks.has(context.viewer.user.id) ||
      throughBusiness(context, account.id, (business) => [business.ownedAdAccounts, business.clientAdAccounts]),
    scope: (account) => ({ businessId: account.businessId, adAccountId: account.id }),
    edges: {},
  },

  Page: businessAsset(
    {
      name: (page) => page.name,
      category: (page) => page.category,
      link: (page) => `https://www.facebook.com/${page.id}`,
    },
    ['name', 'id'],
    'pages_show_list',
    (business) => [business.ownedPages, business.clientPages],
  ),
  InstagramUser: businessAsset({ username: (account) => account.username }, ['id'], 'instagram_basic', (business) => [
    business.instagramAccounts,
  ]),
  AdsPixel: businessAsset(
    { name: (pixel) => pixel.name, creation_time: (pixel) => pixel.creationTime },
    ['id'],
    'ads_management',
    (business) => [business.pixels],
  ),
  ProductCatalog: businessAsset(
    { name: (catalog) => catalog.name, product_count: (catalog) => catalog.productCount, vertical: () => 'commerce' },
    ['id', 'name'],
    'catalog_management',
    (business) => [business.catalogs],
  ),
};

/** The node's definition, for code that handles any type. */
export const definitionOf = (node: SandboxNode) => NODE_TYPES[node.type] as NodeDefinition<unknown>;
