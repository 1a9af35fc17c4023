import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { z } from 'zod';
import {
  AD_CALLS_TO_ACTION,
  AD_CAMPAIGN_ERRORS,
  AD_CAMPAIGN_GENDERS,
  AD_CAMPAIGN_TYPES,
  AD_MEDIA_FORMATS,
  type AdCallToAction,
  type AdCampaignGender,
  type AdCampaignInput,
  type AdCampaignType,
  type AdMediaFormat,
  adCampaignInputSchema,
  audienceTooSmall,
  budgetBelowMinimum,
  mediaCountLimits,
} from '../../../../shared/ad-campaigns';
import type { components } from '../../../../shared/api/app.gen';
import { AD_CAMPAIGN_LIMITS } from '../../../../shared/constants';
import { TIME_ZONE } from '../../../../shared/format/date';
import { mediaErrors, mediaKind } from '../../../../shared/media-rules';
import type { WizardStep } from '../../../lib/use-wizard';
import type { MediaItem, MediaUpload } from '../../../ui/file-upload';

dayjs.extend(utc);
dayjs.extend(timezone);

type AdCampaign = components['schemas']['AdCampaign'];
type AdMedia = components['schemas']['AdMedia'];
export type AdCampaignLocation = components['schemas']['AdCampaignLocation'];
export type AdCampaignInterest = components['schemas']['AdCampaignInterest'];

const E = AD_CAMPAIGN_ERRORS;

/** What the merchant fills in, as the inputs hold it (text for numbers, a day and an hour for each instant). */
export interface CampaignFormValues {
  type: AdCampaignType | null;
  name: string;
  startDate: string;
  startTime: string;
  noEnd: boolean;
  endDate: string;
  endTime: string;
  dailyBudget: string;
  productCatalogId: string | null;
  productSetId: string | null;
  segmentId: string | null;
  locations: AdCampaignLocation[];
  ageMin: string;
  ageMax: string;
  gender: AdCampaignGender;
  interests: AdCampaignInterest[];
  format: AdMediaFormat;
  media: MediaItem[];
  mainText: string;
  title: string;
  description: string;
  callToAction: AdCallToAction;
  url: string;
}
export type CampaignFormField = keyof CampaignFormValues;

/** The wizard's five steps, in order (SPEC §2), with the fields each step's "Siguiente" checks. */
export const CAMPAIGN_STEPS = [
  { id: 'type', fields: ['type'] },
  {
    id: 'info',
    fields: ['name', 'startDate', 'startTime', 'noEnd', 'endDate', 'endTime', 'dailyBudget', 'productCatalogId', 'productSetId'],
  },
  { id: 'audience', fields: ['segmentId', 'locations', 'ageMin', 'ageMax', 'gender', 'interests'] },
  { id: 'media', fields: ['format', 'media'] },
  { id: 'tracking', fields: ['mainText', 'title', 'description', 'callToAction', 'url'] },
] as const satisfies readonly WizardStep<string, CampaignFormField>[];
export type CampaignStep = (typeof CAMPAIGN_STEPS)[number]['id'];

export const EMPTY_CAMPAIGN_FORM: CampaignFormValues = {
  type: null,
  name: '',
  startDate: '',
  startTime: '',
  noEnd: false,
  endDate: '',
  endTime: '',
  dailyBudget: '',
  productCatalogId: null,
  productSetId: null,
  segmentId: null,
  locations: [],
  ageMin: String(AD_CAMPAIGN_LIMITS.ageMin),
  ageMax: String(AD_CAMPAIGN_LIMITS.ageMax),
  gender: 'all',
  interests: [],
  format: 'MULTIPLE_ADS',
  media: [],
  mainText: '',
  title: '',
  description: '',
  callToAction: 'SHOP_NOW',
  url: '',
};

/** What the rules need to know beyond the fields: the moment, the ad account and the segments' sizes. */
export interface CampaignFormContext {
  /** Milliseconds since the epoch. */
  now: number;
  /** The ad account's minimum daily budget (`getMetaAdAccountProps`); undefined while it loads. */
  minDailyBudget: number | undefined;
  /** A segment's customers; null while it has no size yet, undefined for a segment not in the list. */
  customersOf: (segmentId: number) => number | null | undefined;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** A day and an hour on the store's clock (Chile), as an instant. */
export function instantOf(date: string, time: string): string | null {
  if (!DATE.test(date) || !TIME.test(time)) return null;
  const zoned = dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm', TIME_ZONE);
  return zoned.isValid() ? zoned.toISOString() : null;
}

/** An instant as the day and the hour the store's clock shows. */
export function dateAndTimeOf(instant: string): { date: string; time: string } {
  const zoned = dayjs(instant).tz(TIME_ZONE);
  return { date: zoned.format('YYYY-MM-DD'), time: zoned.format('HH:mm') };
}

const whole = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** A file is ready to advertise once it and, for a video, its thumbnail are uploaded. */
const uploadedId = (upload: MediaUpload | undefined): number | null => (upload?.state === 'uploaded' ? upload.mediaId : null);

/** What is wrong with one chosen file, as a text key of the group (the file list shows the media rules' own words). */
export function mediaItemProblem(item: MediaItem): 'mediaInvalid' | 'mediaUploading' | 'mediaUploadFailed' | 'thumbnailRequired' | null {
  if (item.reading || mediaErrors(item).length > 0) return 'mediaInvalid';
  const video = mediaKind(item) === 'video';
  if (video && !item.thumbnail) return 'thumbnailRequired';
  if (item.upload?.state === 'failed' || (video && item.thumbnailUpload?.state === 'failed')) return 'mediaUploadFailed';
  if (uploadedId(item.upload) === null || (video && uploadedId(item.thumbnailUpload) === null)) return 'mediaUploading';
  return null;
}

/**
 * The wizard's rules: the shared schema's (SPEC §5, the contract's limits) on the body the fields make,
 * each problem shown at the field the merchant fills in, plus what depends on the moment and the store.
 */
export function campaignFormSchema(context: CampaignFormContext) {
  return z
    .custom<CampaignFormValues>()
    .superRefine((values, issues) => {
      const added = new Set<CampaignFormField>();
      const add = (path: CampaignFormField, message: string) => {
        added.add(path);
        issues.addIssue({ code: 'custom', path: [path], message });
      };
      if (values.type === null) add('type', E.required);
      if (!DATE.test(values.startDate)) add('startDate', E.dateRequired);
      if (!TIME.test(values.startTime)) add('startTime', E.hourRequired);
      if (!values.noEnd) {
        if (!DATE.test(values.endDate)) add('endDate', E.dateRequired);
        if (!TIME.test(values.endTime)) add('endTime', E.hourRequired);
      }
      const startAt = instantOf(values.startDate, values.startTime);
      // "Not before now" to the minute the merchant can choose; the server adds its grace for the time spent saving.
      if (startAt !== null && Date.parse(startAt) < Math.floor(context.now / 60_000) * 60_000) add('startDate', E.startInPast);
      const budget = whole(values.dailyBudget);
      if (values.dailyBudget.trim() === '') add('dailyBudget', E.budgetRequired);
      else if (budget === null) add('dailyBudget', E.wholeNumber);
      else if (context.minDailyBudget !== undefined && budgetBelowMinimum(budget, context.minDailyBudget))
        add('dailyBudget', E.budgetBelowMinimum);
      if (values.segmentId !== null) {
        const customers = context.customersOf(Number(values.segmentId));
        if (customers !== undefined && audienceTooSmall(customers)) add('segmentId', E.audienceTooSmall);
      } else add('segmentId', E.segmentRequired);
      const problems = values.media.map(mediaItemProblem);
      const firstProblem = problems.find((problem) => problem !== null);
      const { min, max } = mediaCountLimits(values.format);
      if (values.media.length > max) add('media', E.tooManyFiles);
      else if (values.media.length < min) add('media', values.format === 'CAROUSEL' ? E.carouselTooShort : E.mediaRequired);
      else if (firstProblem) add('media', `errors.${firstProblem}`);

      // The rest, as the server checks it, on the body these fields make.
      // The rest, as the server checks it, on the body these fields make; one problem per field, and what
      // the checks above already said in the merchant's terms (a day, an hour, a file) is not said twice.
      const result = adCampaignInputSchema.safeParse(bodyOf(values));
      if (result.success) return;
      for (const issue of result.error.issues) {
        const field = formFieldOf(issue.path.map(String).join('.'));
        if (field !== null && !added.has(field)) add(field, issue.message);
      }
    })
    .transform((values) => {
      const input = adCampaignInputSchema.parse(bodyOf(values));
      return { ...input, name: input.name.trim() };
    });
}

/** The body the fields make; fields not yet valid become what the contract refuses, so the schema names them. */
export function bodyOf(values: CampaignFormValues): AdCampaignInput {
  const retargeting = values.type === 'retargeting';
  const startAt = instantOf(values.startDate, values.startTime);
  const endAt = values.noEnd ? null : instantOf(values.endDate, values.endTime);
  return {
    type: (values.type ?? '') as AdCampaignType,
    name: values.name,
    startAt: startAt ?? '',
    endAt: values.noEnd ? null : (endAt ?? ''),
    dailyBudget: whole(values.dailyBudget) ?? Number.NaN,
    segmentId: values.segmentId === null ? Number.NaN : Number(values.segmentId),
    locations: values.locations,
    ageMin: whole(values.ageMin) ?? Number.NaN,
    ageMax: whole(values.ageMax) ?? Number.NaN,
    gender: values.gender,
    interests: values.interests,
    format: values.format,
    media: values.media.map((item) => ({
      mediaId: uploadedId(item.upload) ?? Number.NaN,
      thumbnailMediaId: mediaKind(item) === 'video' ? (uploadedId(item.thumbnailUpload) ?? Number.NaN) : null,
    })),
    mainText: values.mainText,
    title: values.title,
    description: values.description,
    callToAction: values.callToAction,
    url: values.url.trim(),
    productCatalogId: retargeting ? (values.productCatalogId ?? '') || null : null,
    productSetId: retargeting ? (values.productSetId ?? '') || null : null,
  };
}

/**
 * The form field a path of the body belongs to (the shared schema's issues, the server's field errors):
 * `startAt` is the start's day, `media.2.thumbnailMediaId` the files; null for a path the form does not know.
 */
export function formFieldOf(path: string): CampaignFormField | null {
  const head = path.split('.')[0] ?? '';
  const renamed: Partial<Record<string, CampaignFormField>> = { startAt: 'startDate', endAt: 'endDate' };
  const field = renamed[head] ?? head;
  return field in EMPTY_CAMPAIGN_FORM ? (field as CampaignFormField) : null;
}

const extensionOfType = (media: AdMedia) => (media.kind === 'video' ? 'video/mp4' : 'image/jpeg');

/** An uploaded file as the file list shows it. */
export function mediaItemOf(media: AdMedia, thumbnail: AdMedia | null): MediaItem {
  return {
    id: `media-${media.id}`,
    name: media.name,
    type: mediaKind({ name: media.name, type: '' }) === null ? extensionOfType(media) : '',
    size: media.bytes,
    width: media.width,
    height: media.height,
    ...(media.durationSeconds === null ? {} : { duration: media.durationSeconds }),
    ...(thumbnail ? { thumbnail: thumbnail.name, thumbnailUpload: { state: 'uploaded', mediaId: thumbnail.id } } : {}),
    upload: { state: 'uploaded', mediaId: media.id },
  };
}

/** A saved campaign in the wizard's fields (edit mode fills every step). */
export function campaignFormValuesOf(campaign: AdCampaign): CampaignFormValues {
  const start = dateAndTimeOf(campaign.startAt);
  const end = campaign.endAt === null ? null : dateAndTimeOf(campaign.endAt);
  return {
    type: campaign.type,
    name: campaign.name,
    startDate: start.date,
    startTime: start.time,
    noEnd: end === null,
    endDate: end?.date ?? '',
    endTime: end?.time ?? '',
    dailyBudget: String(campaign.dailyBudget),
    productCatalogId: campaign.productCatalogId,
    productSetId: campaign.productSetId,
    segmentId: campaign.segmentId === null ? null : String(campaign.segmentId),
    locations: campaign.locations,
    ageMin: String(campaign.ageMin),
    ageMax: String(campaign.ageMax),
    gender: campaign.gender,
    interests: campaign.interests,
    format: campaign.format,
    media: campaign.media.map((item) => mediaItemOf(item.media, item.thumbnail)),
    mainText: campaign.mainText,
    title: campaign.title,
    description: campaign.description,
    callToAction: campaign.callToAction,
    url: campaign.url,
  };
}

export { AD_CALLS_TO_ACTION, AD_CAMPAIGN_GENDERS, AD_CAMPAIGN_TYPES, AD_MEDIA_FORMATS };
