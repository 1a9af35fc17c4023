import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { campaignRefusals, campaignToEdit, finishedToEdit } from '../../mocks/fixtures/campaign-form';
import { CampaignFormScreen } from '../../src/web/features/ad-campaigns/screens/campaign-form-screen';
import { userEvent } from '../support/user-event';
import { at, baseArgs } from './campaign-form-args';

/** The wizard page as /campaigns/create and /campaigns/:id/edit show it: each step of each type, saving and its failures. */
const meta = {
  title: 'Screens/AdCampaigns/CampaignForm',
  component: CampaignFormScreen,
  args: baseArgs,
} satisfies Meta<typeof CampaignFormScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Step 1 of a new campaign: the four types, none chosen. */
export const TypeStep: Story = {};
export const TypeStepOnPhone: Story = onPhone({});
export const TypeChosen: Story = { args: at('cyberdays', 0) };
/** Editing: the type is fixed once the campaign exists. */
export const TypeFixedWhenEditing: Story = { args: { ...at('conversion', 0), mode: 'edit' } };

export const InfoConversion: Story = { args: at('conversion', 1) };
/** Retargeting adds the catalog and its product set, both required. */
export const InfoRetargeting: Story = { args: at('retargeting', 1) };
export const InfoRetargetingOnPhone: Story = onPhone<Story>({ args: at('retargeting', 1) });
export const InfoRemarketing: Story = { args: at('remarketing', 1) };
export const InfoCyberdays: Story = { args: at('cyberdays', 1) };
/** The catalogs on their way from Meta. */
export const InfoCatalogsLoading: Story = {
  args: {
    ...at('retargeting', 1, { productCatalogId: null, productSetId: null }),
    catalogs: { status: 'loading' },
    productSets: undefined,
  },
  parameters: { visual: { waitFor: 'text=Cargando tus catálogos de Meta…' } },
};

export const AudienceConversion: Story = { args: at('conversion', 2) };
export const AudienceConversionOnPhone: Story = onPhone<Story>({ args: at('conversion', 2) });
export const AudienceRetargeting: Story = { args: at('retargeting', 2) };
export const AudienceRemarketing: Story = { args: at('remarketing', 2) };
export const AudienceCyberdays: Story = { args: at('cyberdays', 2) };
/** No place chosen: the ads reach the whole country. */
export const AudienceWholeCountry: Story = { args: at('conversion', 2, { locations: [], interests: [] }) };
/** Results of a search for a place, open under the field. */
export const AudienceLocationResults: Story = {
  args: {
    ...at('conversion', 2, { locations: [] }),
    locationSearch: {
      ...baseArgs.locationSearch,
      query: 'valpa',
      results: [
        { key: '1941', name: 'Región de Valparaíso', type: 'region', region: null },
        { key: '264560', name: 'Valparaíso', type: 'city', region: 'Región de Valparaíso' },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('combobox', { name: 'Ubicación' }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(await within(canvasElement.ownerDocument.body).findByRole('option', { name: /^Región de Valparaíso/ })).toBeVisible();
  },
};

export const MediaConversion: Story = { args: at('conversion', 3) };
export const MediaConversionOnPhone: Story = onPhone<Story>({ args: at('conversion', 3) });
/** Retargeting as a carousel of the catalog's pictures. */
export const MediaRetargeting: Story = { args: at('retargeting', 3) };
export const MediaRemarketing: Story = { args: at('remarketing', 3) };
export const MediaCyberdays: Story = { args: at('cyberdays', 3) };

/** The last step with the summary of everything before "Crear campaña". */
export const TrackingConversion: Story = { args: at('conversion', 4) };
export const TrackingConversionOnPhone: Story = onPhone<Story>({ args: at('conversion', 4) });
export const TrackingRetargeting: Story = { args: at('retargeting', 4) };
export const TrackingRemarketing: Story = { args: at('remarketing', 4) };
export const TrackingCyberdays: Story = { args: at('cyberdays', 4) };
export const TrackingEditing: Story = { args: { ...at('conversion', 4), mode: 'edit' } };

/** Saving: Meta creates the audience, campaign, ad set and ads; every control waits. */
export const Saving: Story = {
  args: { ...at('conversion', 4), saving: true },
  parameters: { visual: { waitFor: 'text=Creando la campaña en Meta…' } },
};

/** SPEC §8: the update error names the part Meta refused, with Meta's words, and where to check it. */
export const UpdateFailedCampaign: Story = {
  args: {
    ...at('conversion', 4),
    mode: 'edit',
    failure: { kind: 'meta', part: 'campaign', message: campaignRefusals.campaignFailed.message },
  },
};
export const UpdateFailedAdSet: Story = {
  args: { ...at('conversion', 4), mode: 'edit', failure: { kind: 'meta', part: 'adSet', message: campaignRefusals.adSetFailed.message } },
};
export const UpdateFailedAdSetOnPhone: Story = onPhone<Story>({ args: UpdateFailedAdSet.args });
export const UpdateFailedAd: Story = {
  args: { ...at('conversion', 4), mode: 'edit', failure: { kind: 'meta', part: 'ad', message: campaignRefusals.adFailed.message } },
};
export const CreateFailedAdSet: Story = {
  args: { ...at('retargeting', 4), failure: { kind: 'meta', part: 'adSet', message: campaignRefusals.adSetFailed.message } },
};
export const NotEditableOnSave: Story = {
  args: { ...at('conversion', 4), mode: 'edit', failure: { kind: 'notEditable', message: campaignRefusals.notEditable.message } },
};
export const ConnectionRenewalRequired: Story = {
  args: { ...at('conversion', 4), failure: { kind: 'connection', reason: 'renewal', message: campaignRefusals.renewal.message } },
};
export const ConnectionMissing: Story = {
  args: { ...at('conversion', 4), failure: { kind: 'connection', reason: 'notConnected', message: campaignRefusals.notConnected.message } },
};
export const SaveFailedNetwork: Story = { args: { ...at('conversion', 4), failure: { kind: 'network' } } };

export const EditLoading: Story = {
  args: { mode: 'edit', campaign: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};
export const EditLoadFailed: Story = { args: { mode: 'edit', campaign: { status: 'error', cause: 'server' } } };
/** Editing fills every step from the saved campaign. */
export const EditLoaded: Story = { args: { mode: 'edit', campaign: { status: 'success', data: campaignToEdit }, defaultStep: 2 } };
export const EditNotEditable: Story = { args: { mode: 'edit', campaign: { status: 'success', data: finishedToEdit } } };
