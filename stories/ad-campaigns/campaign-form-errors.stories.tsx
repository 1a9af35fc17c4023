import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { campaignRefusals, metaInterests, SMALL_SEGMENT_ID } from '../../mocks/fixtures/campaign-form';
import type { AdCampaignType } from '../../src/shared/ad-campaigns';
import { AD_CAMPAIGN_LIMITS } from '../../src/shared/constants';
import { type CampaignFormValues, EMPTY_CAMPAIGN_FORM } from '../../src/web/features/ad-campaigns/forms/campaign-form';
import { CampaignFormScreen } from '../../src/web/features/ad-campaigns/screens/campaign-form-screen';
import { userEvent } from '../support/user-event';
import { at, baseArgs, catalogArgs, imageItem, MB, videoItem } from './campaign-form-args';

/** Each rule of SPEC §5 the wizard checks, shown as "Siguiente" or "Crear campaña" finds it broken. */
const meta = {
  title: 'Screens/AdCampaigns/CampaignFormErrors',
  component: CampaignFormScreen,
  args: baseArgs,
} satisfies Meta<typeof CampaignFormScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const press =
  (name: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name }));
  };
const next = press('Siguiente');
const create = press('Crear campaña');
/** Presses "Siguiente" and waits for `text` to show. */
const nextShows =
  (...texts: string[]) =>
  async (context: { canvasElement: HTMLElement }) => {
    await next(context);
    for (const text of texts) await expect(await within(context.canvasElement).findByText(text)).toBeVisible();
  };

export const TypeRequired: Story = { play: nextShows('Este campo es obligatorio.') };

const emptyInfo = { ...EMPTY_CAMPAIGN_FORM, type: 'conversion' as const };
/** Name, start, end and budget left empty. */
export const InfoRequired: Story = {
  args: { defaultValues: emptyInfo, defaultStep: 1 },
  play: nextShows('Ingresa el presupuesto diario.'),
};
export const InfoRequiredOnPhone: Story = onPhone(InfoRequired);
export const NameTooLong: Story = {
  args: at('conversion', 1, { name: 'Campaña de recompra para clientes frecuentes de café en grano, temporada de otoño e invierno' }),
  play: nextShows(`El nombre puede tener hasta ${AD_CAMPAIGN_LIMITS.nameMaxLength} caracteres.`),
};
export const NameOnlySpaces: Story = {
  args: at('conversion', 1, { name: '    ' }),
  play: nextShows('El nombre no puede tener solo espacios.'),
};
export const StartInPast: Story = {
  args: at('conversion', 1, { startDate: '2026-03-14', startTime: '10:00' }),
  play: nextShows('El inicio no puede ser anterior a este momento.'),
};
/** On the information step with the steps after it still empty: its own rules answer there, before it moves on. */
const onlyInfo = (type: AdCampaignType, values: Partial<CampaignFormValues>) => ({
  defaultValues: {
    ...emptyInfo,
    type,
    name: 'Recompra de otoño',
    startDate: '2026-03-20',
    startTime: '09:00',
    dailyBudget: '10000',
    ...values,
  },
  defaultStep: 1,
  ...(type === 'retargeting' ? catalogArgs : {}),
});
export const EndBeforeStart: Story = {
  args: onlyInfo('conversion', { endDate: '2026-03-19', endTime: '18:00' }),
  play: nextShows('El término debe ser posterior al inicio.'),
};
export const EndBeforeStartOnPhone: Story = onPhone(EndBeforeStart);
export const BudgetBelowMinimum: Story = {
  args: at('conversion', 1, { dailyBudget: '3000' }),
  play: nextShows('El presupuesto diario debe ser de al menos $5.000.'),
};
export const CatalogRequired: Story = {
  args: { ...onlyInfo('retargeting', { noEnd: true }), productSets: undefined },
  play: nextShows('Elige un catálogo de productos.', 'Elige un conjunto de productos.'),
};
export const CatalogRequiredOnPhone: Story = onPhone(CatalogRequired);
/** SPEC §5/§8: the ad account has no catalog to choose. */
export const CatalogNoOptions: Story = {
  args: {
    ...at('retargeting', 1, { productCatalogId: null, productSetId: null }),
    catalogs: { status: 'success', data: [] },
    productSets: undefined,
  },
};
/** SPEC §8: the catalogs could not be obtained from Meta. */
export const CatalogsUnavailable: Story = {
  args: {
    ...at('retargeting', 1, { productCatalogId: null, productSetId: null }),
    catalogs: { status: 'error', cause: 'server' },
    productSets: undefined,
  },
};
export const ProductSetsNoOptions: Story = {
  args: { ...at('retargeting', 1, { productSetId: null }), productSets: { status: 'success', data: [] } },
};

export const SegmentRequired: Story = { args: at('conversion', 2, { segmentId: null }), play: nextShows('Elige un segmento.') };
/** A segment under Meta's minimum audience is refused with a clear text. */
export const AudienceTooSmall: Story = {
  args: at('conversion', 2, { segmentId: String(SMALL_SEGMENT_ID) }),
  play: nextShows(
    `Este segmento tiene menos de ${AD_CAMPAIGN_LIMITS.audienceMin} clientes y Meta no mostraría los anuncios. Elige un segmento más grande.`,
  ),
};
/** The server's count of reachable people (400 on `segmentId`), beside the segment. */
export const AudienceTooSmallFromServer: Story = {
  args: {
    ...at('conversion', 4),
    serverErrors: { segmentId: campaignRefusals.audienceTooSmall.fieldErrors[0]?.message ?? '' },
    failure: { kind: 'fields' },
  },
};
export const AgeMaxBelowMin: Story = {
  args: at('conversion', 2, { ageMin: '45', ageMax: '30' }),
  play: nextShows('La edad máxima no puede ser menor que la mínima.'),
};
/** Meta's 18 to 65, typed past at both ends: named at the ages, which stay as typed. */
export const AgesOutOfRange: Story = {
  args: at('conversion', 2, { ageMin: '70', ageMax: '20' }),
  play: nextShows('La edad máxima es 65 años.'),
};
export const AgesOutOfRangeOnPhone: Story = onPhone(AgesOutOfRange);
export const AgeRequired: Story = { args: at('conversion', 2, { ageMin: '' }), play: nextShows('Ingresa la edad.') };
export const InterestsAtMaximum: Story = {
  args: at('conversion', 2, {
    interests: Array.from({ length: AD_CAMPAIGN_LIMITS.interestsMax }, (_, index) => ({
      id: String(6003000000000 + index),
      name: metaInterests[index % metaInterests.length]?.name.concat(index >= metaInterests.length ? ` ${index}` : '') ?? '',
    })),
  }),
};

export const MediaRequired: Story = { args: at('conversion', 3, { media: [] }), play: nextShows('Sube al menos un archivo.') };
export const CarouselTooShort: Story = {
  args: at('retargeting', 3, { media: [imageItem] }),
  play: nextShows(`Un carrusel necesita al menos ${AD_CAMPAIGN_LIMITS.carouselMin} archivos.`),
};
const mediaWith = (item: typeof imageItem) => at('conversion', 3, { media: [item] });
export const ImageTooLarge: Story = {
  args: mediaWith({ ...imageItem, name: 'foto-sin-comprimir.png', type: 'image/png', size: 12 * MB, upload: undefined }),
  play: nextShows('Quita o cambia los archivos marcados para seguir.'),
};
export const ImageTooSmall: Story = {
  args: mediaWith({ ...imageItem, name: 'icono.png', type: 'image/png', width: 200, height: 120, upload: undefined }),
};
export const VideoTooLong: Story = { args: mediaWith({ ...videoItem, duration: 185, upload: undefined, thumbnailUpload: undefined }) };
export const VideoTooLarge: Story = { args: mediaWith({ ...videoItem, size: 420 * MB, upload: undefined, thumbnailUpload: undefined }) };
export const VideoTooSmall: Story = {
  args: mediaWith({ ...videoItem, width: 480, height: 240, upload: undefined, thumbnailUpload: undefined }),
};
export const VideoWithoutThumbnail: Story = {
  args: mediaWith({ ...videoItem, thumbnail: undefined, thumbnailUpload: undefined }),
  play: nextShows('Elige una miniatura para cada video.'),
};
export const InvalidFormat: Story = { args: mediaWith({ id: 'gif-1', name: 'animacion.gif', type: 'image/gif', size: 3 * MB }) };
export const TooManyCarouselFiles: Story = {
  args: at('retargeting', 3, {
    media: Array.from({ length: 11 }, (_, index) => ({ ...imageItem, id: `img-${index}`, name: `carrusel-${index + 1}.jpg` })),
  }),
};
export const TooManyCarouselFilesOnPhone: Story = onPhone(TooManyCarouselFiles);
/** Files on their way to Meta: "Siguiente" waits for them. */
export const MediaUploading: Story = {
  args: mediaWith({ ...videoItem, upload: { state: 'uploading' }, thumbnailUpload: { state: 'uploading' } }),
  play: nextShows('Espera a que terminen de subir los archivos.'),
};
/** The server checked the file again and refused it (400), with its words on that file. */
export const MediaUploadRefused: Story = {
  args: at('conversion', 3, {
    media: [imageItem, { ...videoItem, upload: { state: 'failed', message: 'El video dura más de 120 segundos.' } }],
  }),
};

export const TrackingRequired: Story = {
  args: at('conversion', 4, { mainText: '', title: '', description: '', url: '' }),
  play: async (context) => {
    await create(context);
    await expect(await within(context.canvasElement).findAllByText('Este campo es obligatorio.')).toHaveLength(4);
  },
};
export const TextsTooLong: Story = {
  args: at('conversion', 4, {
    mainText: 'Café de especialidad tostado cada semana. '.repeat(13),
    title: 'Café recién tostado, directo del tostador a tu casa en 24 horas',
    description: 'Despacho gratis sobre $30.000 en Santiago y regiones, con seguimiento en línea hasta tu puerta.',
  }),
  play: async (context) => {
    await create(context);
    await expect(await within(context.canvasElement).findByText('El texto principal puede tener hasta 500 caracteres.')).toBeVisible();
  },
};
export const UrlInvalid: Story = {
  args: at('conversion', 4, { url: 'cafeaustral.cl/ofertas' }),
  play: async (context) => {
    await create(context);
    await expect(
      await within(context.canvasElement).findByText('Ingresa una URL válida, que empiece con https:// o http://.'),
    ).toBeVisible();
  },
};
/** "Crear campaña" with a broken rule on an earlier step goes back to that step. */
export const SubmitJumpsToStep: Story = {
  args: { ...at('conversion', 4, { name: '' }), ...catalogArgs },
  play: async (context) => {
    await create(context);
    await expect(await within(context.canvasElement).findByText('Este campo es obligatorio.')).toBeVisible();
    await expect(within(context.canvasElement).getByRole('heading', { name: 'Información de la campaña' })).toBeVisible();
  },
};
