import type { GraphSubscribedApp, GraphWhatsAppPhoneNumber, QualityRating } from '../whatsapp/types.ts';
import { MESSAGING_PERMISSIONS, sendMessage } from './messages.ts';
import type { Edge, EdgeRow, NodeContext, NodeDefinition } from './nodes.ts';
import type { MetaSandboxStore, SandboxBusiness, SandboxPhoneNumber, SandboxTemplate, SandboxWhatsAppAccount } from './store.ts';
import { editTemplate, MANAGE, templateFields, templatesEdge } from './templates.ts';
import { uploadMedia } from './uploads.ts';

/*
 * WhatsApp Business Accounts and their phone numbers as Graph serves them (WhatsApp Business Management
 * API): seen through a business of the person that owns the account or has it as a client account,
 * read with whatsapp_business_management, their calls spent on the owning business's allowance. The
 * messaging limit is the business portfolio's (Meta moved it there in October 2025), so each number
 * answers its portfolio's. `subscribed_apps` is the list of apps that get the account's webhooks.
 */

const nodesOf = (store: MetaSandboxStore, ids: readonly string[]) =>
  ids.flatMap((id) => {
    const node = store.nodes.get(id);
    return node ? [node] : [];
  });

const businessOf = (store: MetaSandboxStore, id: string): SandboxBusiness | null => {
  const node = store.nodes.get(id);
  return node?.type === 'Business' ? node.value : null;
};

/** Whether the person is in a business that owns the account or has it as a client account. */
const seesAccount = (account: SandboxWhatsAppAccount, context: NodeContext) =>
  context.store
    .businessesOf(context.viewer.user.id)
    .some((business) => business.ownedWhatsAppAccounts.includes(account.id) || business.clientWhatsAppAccounts.includes(account.id));

/** The business edges that list WhatsApp Business Accounts. */
export const businessWhatsAppEdges = (): Record<string, Edge<SandboxBusiness>> => ({
  owned_whatsapp_business_accounts: {
    permissions: ['business_management', ...MANAGE],
    list: (business, context) => nodesOf(context.store, business.ownedWhatsAppAccounts),
  },
  client_whatsapp_business_accounts: {
    permissions: ['business_management', ...MANAGE],
    list: (business, context) => nodesOf(context.store, business.clientWhatsAppAccounts),
  },
});

const subscribedAppRows = (account: SandboxWhatsAppAccount): EdgeRow[] =>
  [...account.subscribedApps].map(([appId, name]) => ({
    key: appId,
    row: {
      whatsapp_business_api_data: { link: `https://www.facebook.com/games/?app_id=${appId}`, name, id: appId },
    } satisfies GraphSubscribedApp,
  }));

export const WHATSAPP_ACCOUNT: NodeDefinition<SandboxWhatsAppAccount> = {
  fields: {
    id: (account) => account.id,
    name: (account) => account.name,
    currency: (account) => account.currency,
    timezone_id: (account) => account.timezoneId,
    message_template_namespace: (account) => account.messageTemplateNamespace,
    account_review_status: (account) => account.accountReviewStatus,
    business_verification_status: (account, context) => businessOf(context.store, account.businessId)?.verificationStatus,
    ownership_type: () => 'SELF',
    owner_business_info: (account, context) => {
      const owner = businessOf(context.store, account.businessId);
      return owner ? { id: owner.id, name: owner.name } : undefined;
    },
  },
  defaultFields: ['id', 'name', 'timezone_id', 'message_template_namespace'],
  permissions: MANAGE,
  visible: seesAccount,
  scope: (account) => ({ businessId: account.businessId, adAccountId: null }),
  edges: {
    phone_numbers: {
      permissions: MANAGE,
      list: (account, context) => nodesOf(context.store, account.phoneNumbers),
    },
    message_templates: templatesEdge,
    subscribed_apps: {
      permissions: MANAGE,
      rows: subscribedAppRows,
      create: (account, context) => {
        account.subscribedApps.set(context.viewer.appId, context.viewer.appName);
        return { success: true };
      },
      remove: (account, context) => {
        account.subscribedApps.delete(context.viewer.appId);
        return { success: true };
      },
    },
  },
};

type PhoneFields = { [K in keyof Required<GraphWhatsAppPhoneNumber>]: (value: SandboxPhoneNumber, context: NodeContext) => unknown };

const phoneFields: PhoneFields = {
  id: (phone) => phone.id,
  display_phone_number: (phone) => phone.displayPhoneNumber,
  verified_name: (phone) => phone.verifiedName,
  quality_rating: (phone) => phone.qualityRating,
  code_verification_status: (phone) => phone.codeVerificationStatus,
  name_status: (phone) => phone.nameStatus,
  throughput: (phone) => ({ level: phone.throughputLevel }),
  whatsapp_business_manager_messaging_limit: (phone, context) => businessOf(context.store, phone.businessId)?.messagingLimit,
};

export const WHATSAPP_PHONE_NUMBER: NodeDefinition<SandboxPhoneNumber> = {
  fields: {
    ...phoneFields,
    platform_type: () => 'CLOUD_API',
    status: () => 'CONNECTED',
    account_mode: () => 'LIVE',
    is_official_business_account: () => false,
  },
  defaultFields: [
    'verified_name',
    'code_verification_status',
    'display_phone_number',
    'quality_rating',
    'platform_type',
    'throughput',
    'id',
  ],
  permissions: MANAGE,
  visible: (phone, context) => {
    const account = context.store.whatsAppAccount(phone.wabaId);
    return account !== null && seesAccount(account, context);
  },
  scope: (phone) => ({ businessId: phone.businessId, adAccountId: null }),
  edges: {
    media: { permissions: MESSAGING_PERMISSIONS, create: uploadMedia },
    // Sends are held to the number's throughput, not to Graph's call allowances.
    messages: { permissions: MESSAGING_PERMISSIONS, create: (phone, context) => sendMessage(phone, context, 'messages'), unmetered: true },
    marketing_messages: {
      permissions: MESSAGING_PERMISSIONS,
      create: (phone, context) => sendMessage(phone, context, 'marketing_messages'),
      unmetered: true,
    },
  },
};

export const MESSAGE_TEMPLATE: NodeDefinition<SandboxTemplate> = {
  fields: templateFields,
  defaultFields: ['name', 'parameter_format', 'components', 'language', 'status', 'category', 'id'],
  permissions: MANAGE,
  visible: (template, context) => {
    const account = context.store.whatsAppAccount(template.wabaId);
    return account !== null && seesAccount(account, context);
  },
  scope: (template) => ({ businessId: template.businessId, adAccountId: null }),
  edges: {},
  update: editTemplate,
};

/** A number's new quality rating, queued for its WABA's webhooks when it turns RED (FLAGGED) or recovers (UNFLAGGED). */
export function ratePhoneNumber(store: MetaSandboxStore, phone: SandboxPhoneNumber, quality: QualityRating, now: number) {
  const previous = phone.qualityRating;
  phone.qualityRating = quality;
  if (previous === quality || (previous !== 'RED' && quality !== 'RED')) return;
  const business = businessOf(store, phone.businessId);
  store.whatsappChanges.push({
    wabaId: phone.wabaId,
    at: now,
    change: {
      field: 'phone_number_quality_update',
      value: {
        display_phone_number: phone.displayPhoneNumber.replace(/\D/g, ''),
        event: quality === 'RED' ? 'FLAGGED' : 'UNFLAGGED',
        current_limit: business?.messagingLimit ?? 'TIER_250',
      },
    },
  });
}
