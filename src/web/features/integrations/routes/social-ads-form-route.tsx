import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SOCIAL_ADS_FIELDS } from '../../../../shared/social-ads';
import { ApiError, describeApiError, lastNameIn, serverFieldErrorsOf } from '../../../api/errors';
import { loadableOf } from '../../../api/loadable';
import { type FacebookLoginOutcome, startFacebookLogin } from '../api/facebook-login';
import {
  refreshWhenConnectionChanged,
  useExchangeMetaAccessToken,
  useMetaSettings,
  useMetaSettingsOptions,
  useUpdateMetaSettings,
} from '../api/social-ads';
import { type SocialAdsFormError, SocialAdsFormScreen } from '../screens/social-ads-form-screen';

export interface SocialAdsTexts {
  network: string;
  /** A generic system error: try again later. */
  failed: string;
}

/**
 * The server's refusal, as it wrote it: every 4xx, and Meta failing (502, "Meta no respondió" or its
 * throttling). Our own failures (500) get our words.
 */
const SERVER_MESSAGES = [400, 403, 404, 409, 422, 502] as const;

/** A refused choice beside its field (not an option, no admin access, terms not accepted); anything else above the form. */
export function toSocialAdsFormError(error: unknown, texts: SocialAdsTexts): SocialAdsFormError {
  const { message } = describeApiError(error, { ...texts, serverMessages: SERVER_MESSAGES });
  return { message, fieldErrors: serverFieldErrorsOf(error, lastNameIn(SOCIAL_ADS_FIELDS)) };
}

const isStoreRequired = (error: unknown) => error instanceof ApiError && error.code === 'store_integration_required';

export interface SocialAdsFormRouteProps {
  storeId: number;
  /** Whether the store integration is in: Facebook Login needs it first (SPEC §5). */
  storeConnected: boolean;
  /** Goes to connect the store instead. */
  onConnectStore: () => void;
  /** How the last Facebook Login ended, as the page read it on the way back: a token is handed over once. */
  facebookReturn?: FacebookLoginOutcome | null;
  onSaved: () => void;
  onCancel?: () => void;
}

/** The social ads dialog's container: Facebook Login, the connected person's options, and saving the choice. */
export function SocialAdsFormRoute({
  storeId,
  storeConnected,
  onConnectStore,
  facebookReturn = null,
  onSaved,
  onCancel,
}: SocialAdsFormRouteProps) {
  const { t } = useTranslation('integrations');
  const queryClient = useQueryClient();
  const settings = useMetaSettings(storeId);
  const exchange = useExchangeMetaAccessToken(storeId);
  const save = useUpdateMetaSettings(storeId);
  const [businessId, setBusinessId] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const connection = settings.data;
  const usable = connection !== undefined && connection.account !== null && connection.state !== 'needsAttention';
  const options = useMetaSettingsOptions(storeId, businessId, usable && !exchange.isPending);

  // A token for this store is handed over once; one for another store (the session changed meanwhile) is not trusted.
  const tokenForThisStore = facebookReturn?.kind === 'token' && facebookReturn.storeId === storeId ? facebookReturn.accessToken : null;
  const { mutate: exchangeToken } = exchange;
  const handedOver = useRef(false);
  useEffect(() => {
    if (tokenForThisStore === null || handedOver.current) return;
    handedOver.current = true;
    exchangeToken(tokenForThisStore);
  }, [tokenForThisStore, exchangeToken]);

  // Meta stopped taking the token while the options were read: the form turns to renewing it.
  const optionsError = options.error;
  useEffect(() => refreshWhenConnectionChanged(queryClient, storeId, optionsError), [queryClient, storeId, optionsError]);

  const texts = { network: t('socialAdsForm.network'), failed: t('socialAdsForm.failed') };
  const returnMessage =
    facebookReturn === null || tokenForThisStore !== null
      ? null
      : facebookReturn.kind === 'cancelled'
        ? t('socialAdsForm.login.cancelled')
        : facebookReturn.kind === 'failed'
          ? t('socialAdsForm.login.failed')
          : t('socialAdsForm.login.unverified');
  const loginError =
    exchange.isError && !isStoreRequired(exchange.error) ? toSocialAdsFormError(exchange.error, texts).message : returnMessage;

  const connectFacebook = () => {
    if (!connection) return;
    setRedirecting(true);
    startFacebookLogin(sessionStorage, connection.login, storeId);
  };

  return (
    <SocialAdsFormScreen
      settings={loadableOf(settings)}
      onReload={() => void settings.refetch()}
      storeRequired={!storeConnected || isStoreRequired(exchange.error)}
      onConnectStore={onConnectStore}
      onConnectFacebook={connectFacebook}
      redirecting={redirecting}
      // From the first render on the way back: the token is about to be handed over.
      exchanging={exchange.isPending || (tokenForThisStore !== null && exchange.isIdle)}
      loginError={loginError}
      options={usable ? loadableOf(options) : undefined}
      optionsReloading={options.isPlaceholderData}
      onReloadOptions={() => void options.refetch()}
      onBusinessChange={(id) => {
        save.reset();
        setBusinessId(id);
      }}
      onRecheckTerms={() => {
        save.reset();
        void options.refetch();
      }}
      checkingTerms={options.isRefetching && !options.isPlaceholderData}
      onSubmit={(values) => save.mutate(values, { onSuccess: onSaved })}
      onCancel={onCancel}
      saving={save.isPending}
      error={save.isError ? toSocialAdsFormError(save.error, texts) : null}
    />
  );
}
