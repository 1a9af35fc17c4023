import type { operations as AppOperations, components } from '../../../../shared/api/app.gen.ts';
import type { operations as BackendOperations } from '../../../../shared/api/backend.gen.ts';
import type { MetaUserClient } from '../../../integrations/meta/client.ts';
import { fromMetaAmount } from '../../../integrations/meta/currency.ts';
import { MetaError, MetaThrottledError, MetaTokenError, MetaUnavailableError } from '../../../integrations/meta/errors.ts';
import { customAudienceTermsUrl, type MetaAdAccount, REQUIRED_PERMISSIONS } from '../../../integrations/meta/types.ts';
import {
  adAccountPropsOf,
  DEFAULT_AD_ACCOUNT_PROPS,
  type MetaAccess,
  type MetaConnectionRow,
  metaClientOf,
  metaConnectionMessages,
  metaConnectionOf,
  metaFailure,
  notConnected,
  readForStore,
  refuseDeadToken,
  tokenUsable,
} from '../../../platform/connections/meta-connection.ts';
import type { Queryable } from '../../../platform/database/db.ts';
import { type Handlers, inStore } from '../../../platform/http/api.ts';
import { HttpError } from '../../../platform/http/errors.ts';
import { deleteMetaConnection, hasStoreConnection, saveMetaLogin, saveMetaSelection } from './repository.ts';

/*
 * The social ads integration (SPEC §2, §5, §6, §7): Facebook Login gives the browser a short-lived
 * token, which the server exchanges for a long-lived one and seals; the merchant then picks the business
 * manager, ad account, page, Instagram account and pixel their campaigns use. A token Meta no longer
 * takes marks the connection for renewal: the shell's banner links here, and nothing is sent to Meta
 * for the store until Facebook Login runs again.
 */

type MetaSettings = components['schemas']['MetaSettings'];
type MetaSettingsOptions = components['schemas']['MetaSettingsOptions'];
type MetaSettingsRequest = components['schemas']['MetaSettingsRequest'];
type SocialAdsIntegration = components['schemas']['SocialAdsIntegration'];
type SocialAdsOperations = Pick<
  AppOperations,
  | 'getMetaSettings'
  | 'updateMetaSettings'
  | 'disconnectMeta'
  | 'exchangeMetaAccessToken'
  | 'getMetaSettingsOptions'
  | 'listMetaProductCatalogs'
>;
type TargetingOperations = Pick<AppOperations, 'listMetaProductSets' | 'searchMetaLocations' | 'searchMetaInterests'>;
type AdAccountOperations = Pick<BackendOperations, 'getMetaAdAccountProps'>;

export const socialAdsMessages = {
  storeRequired: 'Conecta primero tu tienda de Shopify: los públicos de tus campañas salen de sus clientes.',
  invalidToken: 'Meta no aceptó el inicio de sesión. Vuelve a conectar tu cuenta de Facebook.',
  missingPermissions: (missing: readonly string[]) =>
    `No concediste todos los permisos que Recompra necesita: ${missing.join(', ')}. Vuelve a conectar tu cuenta y acéptalos todos.`,
  notAnOption: 'Elige una opción de la lista.',
  notAdmin:
    'Necesitas acceso de administrador a esta cuenta publicitaria. Pídeselo a quien administra el portafolio comercial en Meta y vuelve a intentarlo.',
  termsNotAccepted: 'Acepta los términos de públicos personalizados de Meta para esta cuenta publicitaria y vuelve a intentarlo.',
  catalogsUnavailable: 'No pudimos obtener los catálogos de productos de tu cuenta de Meta. Inténtalo de nuevo más tarde.',
};

function stateOf(row: MetaConnectionRow | null): SocialAdsIntegration['state'] {
  if (!row) return 'notConnected';
  if (!tokenUsable(row)) return 'needsAttention';
  return row.ad_account_id ? 'connected' : 'notConnected';
}

/** The saved assets with the names Meta gave them on saving; null until they are saved. */
function selectionOf(row: MetaConnectionRow | null): MetaSettings['selection'] {
  if (!row?.business_id || !row.ad_account_id) return null;
  const named = (id: string | null, name: string | null) => ({ id: id ?? '', name: name ?? '' });
  return {
    business: named(row.business_id, row.business_name),
    adAccount: named(row.ad_account_id, row.ad_account_name),
    page: named(row.page_id, row.page_name),
    instagramAccount: named(row.instagram_account_id, row.instagram_account_name),
    pixel: named(row.pixel_id, row.pixel_name),
  };
}

/** The store's Meta connection as the Integrations card (and the shell's renewal banner) shows it: its state and what it uses. */
export async function socialAdsState(db: Queryable, storeId: number): Promise<SocialAdsIntegration> {
  const row = await metaConnectionOf(db, storeId);
  return { state: stateOf(row), selection: selectionOf(row) };
}

function settingsOf(row: MetaConnectionRow | null, access: MetaAccess): MetaSettings {
  return {
    state: stateOf(row),
    account: row ? { id: row.user_id, name: row.user_name } : null,
    tokenExpiresAt: row?.token_expires_at?.toISOString() ?? null,
    selection: selectionOf(row),
    login: access.login,
  };
}

const adAccountOption = (access: MetaAccess, account: MetaAdAccount) => ({
  id: account.id,
  name: account.name,
  currency: account.currency,
  admin: account.userTasks.includes('MANAGE'),
  termsAccepted: account.customAudienceTermsAccepted,
  termsUrl: customAudienceTermsUrl(access.businessUrl, account.accountId),
});

/** What one business offers, read from Meta now. */
async function assetsOf(client: MetaUserClient, businessId: string) {
  const [adAccounts, pages, instagramAccounts, pixels] = await Promise.all([
    client.adAccounts(businessId),
    client.pages(businessId),
    client.instagramAccounts(businessId),
    client.pixels(businessId),
  ]);
  return {
    adAccounts,
    pages: pages.map(({ id, name }) => ({ id, name })),
    instagramAccounts: instagramAccounts.map(({ id, username }) => ({ id, name: username })),
    pixels: pixels.map(({ id, name }) => ({ id, name })),
  };
}

/** The form's options: the person's business managers and the assets of one of them (`wanted`, else the first). */
async function optionsOf(access: MetaAccess, client: MetaUserClient, wanted: string | null | undefined): Promise<MetaSettingsOptions> {
  const businesses = (await client.businesses()).map(({ id, name }) => ({ id, name }));
  const businessId = businesses.find((business) => business.id === wanted)?.id ?? businesses[0]?.id ?? null;
  if (!businessId) return { businesses, businessId: null, adAccounts: [], pages: [], instagramAccounts: [], pixels: [] };
  const assets = await assetsOf(client, businessId);
  return { businesses, businessId, ...assets, adAccounts: assets.adAccounts.map((account) => adAccountOption(access, account)) };
}

type Field = keyof MetaSettingsRequest;
type Named = { id: string; name: string };

/** The refusal of a choice: every field at once; its code names the reason when there is one field. */
function refusal(fieldErrors: { field: Field; message: string; code: string }[]): HttpError {
  const code = fieldErrors.length === 1 ? fieldErrors[0]!.code : 'not_an_option';
  return new HttpError(
    422,
    code,
    fieldErrors.length === 1 ? fieldErrors[0]!.message : 'Revisa las opciones marcadas.',
    fieldErrors.map(({ field, message }) => ({ field, message })),
  );
}

/** Checks the form's choice against what Meta offers the person now, with the ad account's admin access and terms. */
async function checkedSelection(client: MetaUserClient, request: MetaSettingsRequest) {
  const notAnOption = (field: Field) => ({ field, message: socialAdsMessages.notAnOption, code: 'not_an_option' });
  const business = (await client.businesses()).find((candidate) => candidate.id === request.businessId);
  if (!business) throw refusal([notAnOption('businessId')]);
  const assets = await assetsOf(client, business.id);
  const fieldErrors: { field: Field; message: string; code: string }[] = [];
  const adAccount = assets.adAccounts.find((account) => account.id === request.adAccountId);
  if (!adAccount) fieldErrors.push(notAnOption('adAccountId'));
  else if (!adAccount.userTasks.includes('MANAGE'))
    fieldErrors.push({ field: 'adAccountId', message: socialAdsMessages.notAdmin, code: 'ad_account_not_admin' });
  else if (!adAccount.customAudienceTermsAccepted)
    fieldErrors.push({ field: 'adAccountId', message: socialAdsMessages.termsNotAccepted, code: 'terms_not_accepted' });
  const pick = (list: readonly Named[], field: Field): Named => {
    const found = list.find((item) => item.id === request[field]);
    if (!found) fieldErrors.push(notAnOption(field));
    return found ?? { id: '', name: '' };
  };
  const page = pick(assets.pages, 'pageId');
  const instagramAccount = pick(assets.instagramAccounts, 'instagramAccountId');
  const pixel = pick(assets.pixels, 'pixelId');
  if (fieldErrors.length > 0 || !adAccount) throw refusal(fieldErrors);
  return { business: { id: business.id, name: business.name }, adAccount, page, instagramAccount, pixel };
}

/** The long-lived token for a short-lived one, and who it acts as; Meta's refusals as Spanish errors. */
async function exchanged(access: MetaAccess, shortLived: string) {
  const onToken = (code: string, message: string) => new HttpError(422, code, message, [{ field: 'accessToken', message }]);
  try {
    const token = await access.app.exchangeToken(shortLived);
    const client = access.app.forUser(token.accessToken);
    const [user, grants] = await Promise.all([client.me(), client.permissions()]);
    const granted = new Set(grants.filter((grant) => grant.status === 'granted').map((grant) => grant.permission));
    const missing = REQUIRED_PERMISSIONS.filter((permission) => !granted.has(permission));
    if (missing.length > 0) throw onToken('missing_permissions', socialAdsMessages.missingPermissions(missing));
    return { token, user };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof MetaTokenError) throw onToken('invalid_access_token', socialAdsMessages.invalidToken);
    // A refused exchange (a token of another app, a malformed one) is the login's fault, not Meta's.
    if (error instanceof MetaError && !(error instanceof MetaUnavailableError) && !(error instanceof MetaThrottledError))
      throw onToken('invalid_access_token', socialAdsMessages.invalidToken);
    if (error instanceof MetaError) throw new HttpError(502, 'social_ads_unavailable', metaConnectionMessages.unavailable);
    throw error;
  }
}

export const socialAdsHandlers = (access: MetaAccess): Handlers<SocialAdsOperations> => ({
  async getMetaSettings(context) {
    const { storeId } = inStore(context);
    return { status: 200, body: settingsOf(await metaConnectionOf(context.db, storeId), access) };
  },

  async exchangeMetaAccessToken(context) {
    const { storeId } = inStore(context);
    if (!(await hasStoreConnection(context.db, storeId)))
      throw new HttpError(409, 'store_integration_required', socialAdsMessages.storeRequired);
    const { token, user } = await exchanged(access, context.body.accessToken.trim());
    const expiresAt = token.expiresIn ? new Date(Date.now() + token.expiresIn * 1000) : null;
    await saveMetaLogin(context.db, storeId, {
      sealedToken: access.secrets.seal(token.accessToken),
      userId: user.id,
      userName: user.name,
      expiresAt,
    });
    return { status: 200, body: settingsOf(await metaConnectionOf(context.db, storeId), access) };
  },

  async getMetaSettingsOptions(context) {
    const { storeId } = inStore(context);
    const { row, client } = await metaClientOf(context.db, access, storeId);
    try {
      return { status: 200, body: await optionsOf(access, client, context.query.businessId ?? row.business_id) };
    } catch (error) {
      return metaFailure(context.db, storeId, error);
    }
  },

  async updateMetaSettings(context) {
    const { storeId } = inStore(context);
    const { client } = await metaClientOf(context.db, access, storeId);
    let chosen: Awaited<ReturnType<typeof checkedSelection>>;
    try {
      chosen = await checkedSelection(client, context.body);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      return metaFailure(context.db, storeId, error);
    }
    const { adAccount } = chosen;
    const minDailyBudget =
      adAccount.minDailyBudget === null
        ? DEFAULT_AD_ACCOUNT_PROPS.minDailyBudget
        : fromMetaAmount(adAccount.minDailyBudget, adAccount.currency);
    await saveMetaSelection(context.db, storeId, {
      ...chosen,
      adAccount: { id: adAccount.id, name: adAccount.name, currency: adAccount.currency },
      minDailyBudget,
    });
    return { status: 200, body: settingsOf(await metaConnectionOf(context.db, storeId), access) };
  },

  async disconnectMeta(context) {
    await deleteMetaConnection(context.db, inStore(context).storeId);
    return { status: 204 };
  },

  async listMetaProductCatalogs(context) {
    const { storeId } = inStore(context);
    const { row, client } = await metaClientOf(context.db, access, storeId);
    if (!row.business_id) throw notConnected();
    try {
      const catalogs = await client.productCatalogs(row.business_id);
      return { status: 200, body: catalogs.map(({ id, name, productCount }) => ({ id, name, productCount })) };
    } catch (error) {
      await refuseDeadToken(context.db, storeId, error);
      if (error instanceof MetaError) throw new HttpError(502, 'catalogs_unavailable', socialAdsMessages.catalogsUnavailable);
      throw error;
    }
  },
});

export const campaignTargetingHandlers = (access: MetaAccess): Handlers<TargetingOperations> => ({
  async listMetaProductSets(context) {
    const sets = await readForStore(context.db, access, inStore(context).storeId, (client) => client.productSets(context.params.catalogId));
    return { status: 200, body: sets.map(({ id, name, productCount }) => ({ id, name, productCount })) };
  },

  async searchMetaLocations(context) {
    const places = await readForStore(context.db, access, inStore(context).storeId, (client) =>
      client.searchLocations(context.query.q.trim(), ['region', 'city']),
    );
    const regionsFirst = places.filter((place) => place.type === 'region').concat(places.filter((place) => place.type === 'city'));
    return {
      status: 200,
      body: regionsFirst.map((place) => ({
        key: place.key,
        name: place.name,
        type: place.type as 'region' | 'city',
        region: place.type === 'city' ? place.region : null,
      })),
    };
  },

  async searchMetaInterests(context) {
    const interests = await readForStore(context.db, access, inStore(context).storeId, (client) =>
      client.searchInterests(context.query.q.trim()),
    );
    return {
      status: 200,
      body: interests.map(({ id, name, audienceSizeLowerBound, audienceSizeUpperBound }) => ({
        id,
        name,
        audienceSizeLowerBound,
        audienceSizeUpperBound,
      })),
    };
  },
});

export const adAccountHandlers: Handlers<AdAccountOperations> = {
  async getMetaAdAccountProps(context) {
    return { status: 200, body: adAccountPropsOf(await metaConnectionOf(context.db, inStore(context).storeId)) };
  },
};
