import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { AdCampaignInput } from '../../../../shared/ad-campaigns';
import type { components } from '../../../../shared/api/app.gen';
import { requireStoreId, useCurrentStore } from '../../../api/current-store';
import { ApiError, describeApiError, serverFieldErrorsOf } from '../../../api/errors';
import { type Loadable, loadableOf } from '../../../api/loadable';
import { CAMPAIGNS_PATH, campaignDetailPath, INTEGRATIONS_PATH } from '../../../lib/paths';
import { RouterLink } from '../../../lib/router-link';
import { useNow } from '../../../lib/use-now';
import { toaster } from '../../../ui/toaster';
import {
  uploadAdMedia,
  useCampaignSegments,
  useCreateAdCampaign,
  useInterestSearch,
  useLocationSearch,
  useProductCatalogs,
  useProductSets,
  useUpdateAdCampaign,
  useWizardAdAccountProps,
} from '../api/campaign-form';
import { metaConnectionProblemOf, useAdCampaign } from '../api/campaigns';
import { EMPTY_CAMPAIGN_FORM, formFieldOf } from '../forms/campaign-form';
import type { CampaignFormChoices, CampaignSaveFailure, CampaignSegment } from '../screens/campaign-form-props';
import { CampaignFormScreen } from '../screens/campaign-form-screen';

type Segment = components['schemas']['Segment'];

const META_PARTS = { meta_campaign_failed: 'campaign', meta_ad_set_failed: 'adSet', meta_ad_failed: 'ad' } as const;

/** What a failed save means on the wizard: the fields refused beside them, or the panel above the buttons. */
export function campaignSaveFailureOf(error: unknown): CampaignSaveFailure | null {
  if (error === null || error === undefined) return null;
  if (!(error instanceof ApiError)) return { kind: 'other', message: null };
  const { status, code, body } = error;
  const message = body?.message ?? '';
  if (status === 0) return { kind: 'network' };
  if (status === 502 && code !== undefined && code in META_PARTS)
    return { kind: 'meta', part: META_PARTS[code as keyof typeof META_PARTS], message };
  if (status === 409 && code === 'campaign_not_editable') return { kind: 'notEditable', message };
  const connection = metaConnectionProblemOf(error);
  if (connection) return { kind: 'connection', reason: connection === 'renewalRequired' ? 'renewal' : 'notConnected', message };
  // A broken rule (400) or Meta's refusal of a choice (422), on the fields named.
  if ((status === 400 || status === 422) && Object.keys(serverFieldErrorsOf(error, formFieldOf)).length > 0) return { kind: 'fields' };
  return { kind: 'other', message: status >= 400 && status < 500 ? message || null : null };
}

/** A Meta read refused because the connection must be fixed first: the same panel as a refused save. */
function connectionFailureOf(error: unknown): CampaignSaveFailure | null {
  const failure = campaignSaveFailureOf(error);
  return failure?.kind === 'connection' ? failure : null;
}

const mapLoadable = <T, U>(loadable: Loadable<T>, map: (data: T) => U): Loadable<U> =>
  loadable.status === 'success' ? { status: 'success', data: map(loadable.data) } : loadable;

/** /campaigns/create and /campaigns/:id/edit: one container, the campaign loaded first when editing. */
export function CampaignFormRoute() {
  const { id } = useParams();
  const campaignId = id === undefined ? null : Number(id);
  return campaignId !== null && Number.isInteger(campaignId) && campaignId > 0 ? (
    <EditCampaign campaignId={campaignId} />
  ) : (
    <CreateCampaign />
  );
}

/** What both pages share: Meta's options, the uploads, the save and what follows it. */
function useCampaignFormPage(mode: 'create' | 'edit', save: ReturnType<typeof useCreateAdCampaign>) {
  const { t } = useTranslation('toasts');
  const { t: tCampaign } = useTranslation('createCampaign');
  const navigate = useNavigate();
  const now = useNow();
  const { storeId } = useCurrentStore();
  const [choices, setChoices] = useState<CampaignFormChoices>({ type: null, productCatalogId: null });
  const [locationQuery, setLocationQuery] = useState('');
  const [interestQuery, setInterestQuery] = useState('');
  const retargeting = choices.type === 'retargeting';
  const adAccount = useWizardAdAccountProps(storeId);
  const segments = useCampaignSegments(storeId);
  const catalogs = useProductCatalogs(storeId, retargeting);
  const productSets = useProductSets(storeId, retargeting ? choices.productCatalogId : null);
  const locations = useLocationSearch(storeId, locationQuery);
  const interests = useInterestSearch(storeId, interestQuery);

  const segmentName = useCallback(
    (segment: Segment) => (segment.key ? tCampaign(`audience.defaultSegments.${segment.key}`) : (segment.name ?? '')),
    [tCampaign],
  );
  const segmentList = loadableOf(segments);
  const segmentOptions = useMemo(
    () =>
      mapLoadable(segmentList, (list): readonly CampaignSegment[] =>
        list.segments.map((segment) => ({ id: segment.id, name: segmentName(segment), customers: segment.customers })),
      ),
    [segmentList, segmentName],
  );

  const onUploadMedia = useCallback(
    async (file: File) => {
      try {
        const media = await uploadAdMedia(requireStoreId(storeId), file);
        return { mediaId: media.id };
      } catch (error) {
        const described = describeApiError(error, { failed: tCampaign('media.uploadFailed') });
        // A file the server's rules refuse is named on the body itself (the field ''); Meta's refusals in the message.
        throw new Error(serverFieldErrorsOf(error)[''] ?? described.message, { cause: error });
      }
    },
    [storeId, tCampaign],
  );

  const saveError = save.error;
  const serverErrors = useMemo(
    () => (saveError instanceof ApiError ? serverFieldErrorsOf(saveError, formFieldOf) : undefined),
    [saveError],
  );
  const failure = campaignSaveFailureOf(saveError) ?? connectionFailureOf(catalogs.error) ?? connectionFailureOf(locations.error) ?? null;

  return {
    campaignsHref: CAMPAIGNS_PATH,
    integrationsHref: INTEGRATIONS_PATH,
    linkComponent: RouterLink,
    now,
    adAccount: loadableOf(adAccount),
    segments: segmentOptions,
    catalogs: retargeting ? loadableOf(catalogs) : undefined,
    productSets: retargeting && choices.productCatalogId !== null ? loadableOf(productSets) : undefined,
    locationSearch: {
      query: locationQuery,
      onQueryChange: setLocationQuery,
      results: locations.results,
      searching: locations.searching,
      failed: locations.error !== null && !connectionFailureOf(locations.error),
    },
    interestSearch: {
      query: interestQuery,
      onQueryChange: setInterestQuery,
      results: interests.results,
      searching: interests.searching,
      failed: interests.error !== null && !connectionFailureOf(interests.error),
    },
    onChoicesChange: setChoices,
    onUploadMedia,
    // Busy until the detail page replaces this one.
    saving: save.isPending || save.isSuccess,
    serverErrors,
    failure,
    onCancel: () => void navigate(CAMPAIGNS_PATH),
    onSubmit: (input: AdCampaignInput) =>
      save.mutate(input, {
        onSuccess: (campaign) => {
          toaster.show({
            status: 'success',
            message: t(mode === 'create' ? 'campaignForm.created' : 'campaignForm.updated', { name: campaign.name }),
          });
          void navigate(campaignDetailPath(campaign.id));
        },
      }),
  };
}

function CreateCampaign() {
  const [search] = useSearchParams();
  const { storeId } = useCurrentStore();
  const create = useCreateAdCampaign(storeId);
  const page = useCampaignFormPage('create', create);
  // The segments list's "crear campaña" names its segment: the audience step starts with it.
  const segmentId = search.get('segmentId');
  const [defaultValues] = useState(() => ({
    ...EMPTY_CAMPAIGN_FORM,
    segmentId: segmentId !== null && /^\d+$/.test(segmentId) ? segmentId : null,
  }));
  return <CampaignFormScreen mode="create" defaultValues={defaultValues} {...page} />;
}

function EditCampaign({ campaignId }: { campaignId: number }) {
  const { storeId } = useCurrentStore();
  const campaign = useAdCampaign(storeId, campaignId);
  const update = useUpdateAdCampaign(storeId, campaignId);
  const page = useCampaignFormPage('edit', update);
  return <CampaignFormScreen mode="edit" campaign={loadableOf(campaign)} onRetry={() => void campaign.refetch()} {...page} />;
}
