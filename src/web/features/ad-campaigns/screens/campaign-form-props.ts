import type { Control, FieldErrors } from 'react-hook-form';
import type { AdCampaignInput } from '../../../../shared/ad-campaigns';
import type { components } from '../../../../shared/api/app.gen';
import type { Loadable } from '../../../api/loadable';
import type { CampaignFormField, CampaignFormValues } from '../forms/campaign-form';

export type MetaProductCatalog = components['schemas']['MetaProductCatalog'];
export type MetaLocation = components['schemas']['MetaLocation'];
export type MetaInterest = components['schemas']['MetaInterest'];

/** A segment as the wizard offers it: its name already in words, its size (null while it is first built). */
export interface CampaignSegment {
  id: number;
  name: string;
  customers: number | null;
}

/** The ad account's figures (`getMetaAdAccountProps`). */
export interface AdAccountProps {
  currency: string;
  minDailyBudget: number;
}

/** A search field's state, kept by the container (it asks Meta). */
export interface MetaSearch<T> {
  query: string;
  onQueryChange: (query: string) => void;
  results: readonly T[];
  searching: boolean;
  /** The last search failed. */
  failed: boolean;
}

/** Why a save did not go through, beyond the fields (those come back beside their field). */
export type CampaignSaveFailure =
  /** Meta refused a part (502 `meta_campaign_failed`, `meta_ad_set_failed`, `meta_ad_failed`); the message carries Meta's text. */
  | { kind: 'meta'; part: 'campaign' | 'adSet' | 'ad'; message: string }
  /** 409 `campaign_not_editable`. */
  | { kind: 'notEditable'; message: string }
  /** 409 `social_ads_renewal_required` / `social_ads_not_connected`. */
  | { kind: 'connection'; reason: 'renewal' | 'notConnected'; message: string }
  /** Field errors (400: a broken rule; 422: Meta refused it): they show beside their fields; this says so above the buttons. */
  | { kind: 'fields' }
  | { kind: 'network' }
  /** Anything else; the server's words when it had some. */
  | { kind: 'other'; message: string | null };

/** What the wizard is given to offer, read by the container. */
export interface CampaignFormOptions {
  adAccount: Loadable<AdAccountProps>;
  segments: Loadable<readonly CampaignSegment[]>;
  /** Retargeting's catalogs; absent while the campaign is of another type. */
  catalogs?: Loadable<readonly MetaProductCatalog[]> | undefined;
  /** The chosen catalog's product sets; absent until a catalog is chosen. */
  productSets?: Loadable<readonly MetaProductCatalog[]> | undefined;
  locationSearch: MetaSearch<MetaLocation>;
  interestSearch: MetaSearch<MetaInterest>;
}

/** The choices the container reads Meta's options for. */
export interface CampaignFormChoices {
  type: CampaignFormValues['type'];
  productCatalogId: string | null;
}

export interface CampaignFormProps extends CampaignFormOptions {
  mode: 'create' | 'edit';
  /** The campaign's fields when editing (or a story's); the empty form otherwise. */
  defaultValues?: CampaignFormValues | undefined;
  /** The step shown first, from 0 (stories start on any). */
  defaultStep?: number | undefined;
  /** Milliseconds since the epoch: the start cannot be before it. */
  now: number;
  /** Uploads one file (or a video's thumbnail); rejects with the server's words for what it refused. */
  onUploadMedia: (file: File) => Promise<{ mediaId: number }>;
  onChoicesChange?: ((choices: CampaignFormChoices) => void) | undefined;
  onSubmit: (input: AdCampaignInput) => void;
  onCancel: () => void;
  saving?: boolean | undefined;
  /** The server's words for the fields it refused, by the form field each belongs to. */
  serverErrors?: Partial<Record<CampaignFormField, string>> | undefined;
  failure?: CampaignSaveFailure | null | undefined;
  /** Where the Meta connection is fixed (/integrations). */
  integrationsHref: string;
}

/** What every step is given. */
export interface StepProps {
  control: Control<CampaignFormValues, unknown, AdCampaignInput>;
  errors: FieldErrors<CampaignFormValues>;
  /** The error a field shows: the form's own (a text key), else the server's words while its value is the one refused. */
  errorOf: (field: CampaignFormField) => string | { message?: string | undefined } | undefined;
  disabled: boolean;
}
