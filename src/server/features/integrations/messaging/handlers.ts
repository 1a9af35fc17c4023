import type { operations as AppOperations, components } from '../../../../shared/api/app.gen.ts';
import { missingForMessaging } from '../../../../shared/messaging.ts';
import type { MetaUserClient } from '../../../integrations/meta/client.ts';
import type { WhatsAppBusinessAccount, WhatsAppPhoneNumber } from '../../../integrations/meta/whatsapp/types.ts';
import {
  type MetaAccess,
  metaClientOf,
  metaConnectionOf,
  metaFailure,
  tokenUsable,
} from '../../../platform/connections/meta-connection.ts';
import type { Queryable } from '../../../platform/database/db.ts';
import { type Handlers, inStore } from '../../../platform/http/api.ts';
import { HttpError } from '../../../platform/http/errors.ts';
import {
  deleteWhatsappConnection,
  integrationStatesOf,
  saveWhatsappCheck,
  saveWhatsappConnection,
  type WhatsappConnectionRow,
  whatsappConnectionOf,
} from './repository.ts';

/*
 * The messaging integration (SPEC §2, §3, §5, §6): the WhatsApp Business Account and phone number the
 * store's campaigns and chat use, read from the business manager the social ads integration saved, through
 * the same Facebook Login. Saving subscribes Recompra's app to the account's webhooks (`subscribed_apps`);
 * disconnecting unsubscribes it. The card shows the number's name, its quality rating and the business's
 * messaging limit as Meta last said them, read again when the integrations are read and the last reading is
 * older than a minute, so a number whose quality dropped says so soon without a call to Meta on every visit.
 */

type MessagingIntegration = components['schemas']['MessagingIntegration'];
type WhatsappSettingsOptions = components['schemas']['WhatsappSettingsOptions'];
type WhatsappSettingsRequest = components['schemas']['WhatsappSettingsRequest'];
type MessagingOperations = Pick<
  AppOperations,
  'getWhatsappSettings' | 'updateWhatsappSettings' | 'disconnectWhatsapp' | 'getWhatsappSettingsOptions'
>;

export const messagingMessages = {
  storeRequired: 'Conecta primero tu tienda de Shopify: tus campañas de WhatsApp se envían a sus clientes.',
  socialAdsRequired:
    'Conecta primero Meta en la tarjeta de anuncios y guarda tu portafolio comercial: tus cuentas de WhatsApp Business se leen de ahí.',
  notAnOption: 'Elige una opción de la lista.',
};

/** How long what Meta said of the number (quality, name) and the business (messaging limit) is shown before it is read again. */
export const MESSAGING_CHECK_SECONDS = 60;

type Named = { id: string; name: string };

/** The WhatsApp Business Management calls of the person's client. */
const whatsappOf = (client: MetaUserClient) => client.whatsapp;

/** Where a WhatsApp Business Account is edited in Meta: WhatsApp Manager, in Business Suite (the sandbox's outside production). */
export function whatsappManagerUrl(businessUrl: string, businessId: string, whatsappId: string): string {
  return `${businessUrl}/wa/manage/home/?${new URLSearchParams({ business_id: businessId, waba_id: whatsappId }).toString()}`;
}

const isVerified = (account: WhatsAppBusinessAccount) => account.businessVerificationStatus === 'verified';

const phoneOption = ({ id, displayPhoneNumber, verifiedName, qualityRating }: WhatsAppPhoneNumber) => ({
  id,
  displayPhoneNumber,
  verifiedName,
  qualityRating,
});

function selectionOf(row: WhatsappConnectionRow, access: MetaAccess): NonNullable<MessagingIntegration['selection']> {
  return {
    business: { id: row.business_id, name: row.business_name },
    whatsappAccount: { id: row.whatsapp_id, name: row.whatsapp_name },
    phoneNumber: {
      id: row.phone_number_id,
      displayPhoneNumber: row.display_phone_number,
      verifiedName: row.verified_name,
      qualityRating: row.quality_rating,
    },
    messagingLimit: row.messaging_limit,
    businessVerified: row.business_verified,
    manageUrl: whatsappManagerUrl(access.businessUrl, row.business_id, row.whatsapp_id),
    checkedAt: row.checked_at.toISOString(),
  };
}

/** What the store's WhatsApp number can do now, as Meta says it: read again when the last reading is old. */
async function refreshed(db: Queryable, access: MetaAccess, storeId: number, row: WhatsappConnectionRow, now: Date) {
  if (now.getTime() - row.checked_at.getTime() < MESSAGING_CHECK_SECONDS * 1000) return row;
  try {
    const { client } = await metaClientOf(db, access, storeId);
    const whatsapp = whatsappOf(client);
    const [phoneNumber, messagingLimit] = await Promise.all([
      whatsapp.phoneNumber(row.phone_number_id),
      whatsapp.messagingLimit(row.business_id),
    ]);
    await saveWhatsappCheck(db, storeId, {
      phoneNumberId: row.phone_number_id,
      displayPhoneNumber: phoneNumber.displayPhoneNumber,
      verifiedName: phoneNumber.verifiedName,
      qualityRating: phoneNumber.qualityRating,
      messagingLimit,
    });
    return (await whatsappConnectionOf(db, storeId)) ?? row;
  } catch {
    // Meta's trouble (or a token to renew, which the social ads card says) leaves the last reading on the card.
    return row;
  }
}

/**
 * The store's WhatsApp connection as the Integrations card (and the shell's banner) shows it: connected once
 * an account and a number are saved; needing attention while the Meta connection it is read through is gone
 * or must be renewed.
 */
export async function messagingState(db: Queryable, access: MetaAccess, storeId: number, now = new Date()): Promise<MessagingIntegration> {
  const saved = await whatsappConnectionOf(db, storeId);
  if (!saved) return { state: 'notConnected', selection: null };
  const meta = await metaConnectionOf(db, storeId);
  if (!meta || !tokenUsable(meta, now)) return { state: 'needsAttention', selection: selectionOf(saved, access) };
  return { state: 'connected', selection: selectionOf(await refreshed(db, access, storeId, saved, now), access) };
}

/** The store and social ads integrations first (SPEC §5), then the person's client and the business manager to read. */
async function businessOf(db: Queryable, access: MetaAccess, storeId: number): Promise<{ business: Named; client: MetaUserClient }> {
  const missing = missingForMessaging(await integrationStatesOf(db, storeId));
  if (missing === 'store') throw new HttpError(409, 'store_integration_required', messagingMessages.storeRequired);
  if (missing === 'socialAds') throw new HttpError(409, 'social_ads_integration_required', messagingMessages.socialAdsRequired);
  const { row, client } = await metaClientOf(db, access, storeId);
  if (!row.business_id) throw new HttpError(409, 'social_ads_integration_required', messagingMessages.socialAdsRequired);
  return { business: { id: row.business_id, name: row.business_name ?? '' }, client };
}

/** The form's options: the business's WhatsApp Business Accounts and the numbers of one of them (`wanted`, else the first). */
async function optionsOf(
  access: MetaAccess,
  client: MetaUserClient,
  business: Named,
  wanted: string | null | undefined,
): Promise<WhatsappSettingsOptions> {
  const whatsapp = whatsappOf(client);
  const [accounts, messagingLimit] = await Promise.all([whatsapp.businessAccounts(business.id), whatsapp.messagingLimit(business.id)]);
  const whatsappId = accounts.find((account) => account.id === wanted)?.id ?? accounts[0]?.id ?? null;
  const phoneNumbers = whatsappId === null ? [] : await whatsapp.phoneNumbers(whatsappId);
  return {
    business,
    accounts: accounts.map((account) => ({
      id: account.id,
      name: account.name,
      businessVerified: isVerified(account),
      manageUrl: whatsappManagerUrl(access.businessUrl, business.id, account.id),
    })),
    whatsappId,
    phoneNumbers: phoneNumbers.map(phoneOption),
    messagingLimit,
  };
}

type Field = keyof WhatsappSettingsRequest;

const notAnOption = (field: Field) =>
  new HttpError(422, 'not_an_option', messagingMessages.notAnOption, [{ field, message: messagingMessages.notAnOption }]);

/** Checks the form's choice against what Meta offers in the business manager now. */
async function checkedChoice(client: MetaUserClient, business: Named, request: WhatsappSettingsRequest) {
  const whatsapp = whatsappOf(client);
  const [accounts, messagingLimit] = await Promise.all([whatsapp.businessAccounts(business.id), whatsapp.messagingLimit(business.id)]);
  const account = accounts.find((candidate) => candidate.id === request.whatsappId);
  if (!account) throw notAnOption('whatsappId');
  const phoneNumber = (await whatsapp.phoneNumbers(account.id)).find((candidate) => candidate.id === request.whatsappPhoneNumberId);
  if (!phoneNumber) throw notAnOption('whatsappPhoneNumberId');
  return {
    business,
    whatsappAccount: { id: account.id, name: account.name, businessVerified: isVerified(account) },
    phoneNumber: phoneOption(phoneNumber),
    messagingLimit,
  };
}

export const messagingHandlers = (access: MetaAccess): Handlers<MessagingOperations> => ({
  async getWhatsappSettings(context) {
    const { storeId } = inStore(context);
    return { status: 200, body: await messagingState(context.db, access, storeId) };
  },

  async getWhatsappSettingsOptions(context) {
    const { storeId } = inStore(context);
    const { business, client } = await businessOf(context.db, access, storeId);
    const saved = await whatsappConnectionOf(context.db, storeId);
    try {
      return { status: 200, body: await optionsOf(access, client, business, context.query.whatsappId ?? saved?.whatsapp_id) };
    } catch (error) {
      return metaFailure(context.db, storeId, error);
    }
  },

  async updateWhatsappSettings(context) {
    const { storeId } = inStore(context);
    const { business, client } = await businessOf(context.db, access, storeId);
    const previous = await whatsappConnectionOf(context.db, storeId);
    try {
      const chosen = await checkedChoice(client, business, context.body);
      // Our app hears the account's webhooks (templates' reviews, the number's quality, messages) from now on.
      await whatsappOf(client).subscribeApp(chosen.whatsappAccount.id);
      if (previous && previous.whatsapp_id !== chosen.whatsappAccount.id) await unsubscribe(client, previous.whatsapp_id);
      await saveWhatsappConnection(context.db, storeId, chosen);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      return metaFailure(context.db, storeId, error);
    }
    return { status: 200, body: await messagingState(context.db, access, storeId) };
  },

  async disconnectWhatsapp(context) {
    const { storeId } = inStore(context);
    const saved = await whatsappConnectionOf(context.db, storeId);
    if (saved) {
      const meta = await metaConnectionOf(context.db, storeId);
      // Unsubscribed where the token still works; the choice is forgotten either way.
      if (meta && tokenUsable(meta))
        await unsubscribe(access.app.forUser(access.secrets.open(meta.access_token_encrypted)), saved.whatsapp_id);
      await deleteWhatsappConnection(context.db, storeId);
    }
    return { status: 204 };
  },
});

/** Best effort: an account we no longer use stops sending us its webhooks; Meta failing here must not keep the choice. */
async function unsubscribe(client: MetaUserClient, whatsappId: string): Promise<void> {
  try {
    await whatsappOf(client).unsubscribeApp(whatsappId);
  } catch {
    // The webhooks of an account no store uses are ignored on arrival.
  }
}
