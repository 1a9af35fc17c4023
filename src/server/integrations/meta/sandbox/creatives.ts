import {
  CALL_TO_ACTION_TYPES,
  type GraphCallToAction,
  type GraphChildAttachment,
  type GraphLinkData,
  type GraphObjectStorySpec,
  type GraphVideoData,
} from '../types.ts';
import { AD_SUBCODES, adsRefusal, enumParameter, invalidParameter, requiredParameter } from './errors.ts';
import { videoReady } from './media.ts';
import type { NodeContext } from './nodes.ts';
import type { SandboxAdAccount, SandboxAdCreative } from './store.ts';

/*
 * Ad creatives (`/act_{id}/adcreatives`) from an `object_story_spec`: the page (and Instagram account)
 * the ad runs as, and a link ad, a carousel (`child_attachments`, 2 to 10 cards) or a video ad. Every
 * image hash, video and page must be the account's or the person's; addresses must be http(s) URLs;
 * texts are bounded by the limits Meta's ad specs state (primary text 2,200 characters, headlines and
 * descriptions 255). A creative cannot change after it is made, except its name, as at Meta.
 */

const TEXT_LIMITS = { message: 2200, name: 255, title: 255, description: 255, link_description: 255, caption: 255 } as const;
const MIN_CARDS = 2;
const MAX_CARDS = 10;

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The story spec as Meta answers it back, and what it refers to checked. */
class StorySpecCheck {
  constructor(
    private readonly account: SandboxAdAccount,
    private readonly context: NodeContext,
  ) {}

  url(value: unknown, field: string): string {
    const text = String(value ?? '');
    let valid = false;
    try {
      const url = new URL(text);
      valid = (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
    } catch {
      valid = false;
    }
    if (!valid)
      throw adsRefusal(
        AD_SUBCODES.invalidUrl,
        'Invalid Link',
        `The ${field} "${text}" isn't a valid URL. Enter a full address that starts with http:// or https://.`,
      );
    return text;
  }

  texts<T extends Fields>(spec: T, where: string): T {
    for (const [field, limit] of Object.entries(TEXT_LIMITS)) {
      const value = spec[field];
      if (value !== undefined && String(value).length > limit)
        throw adsRefusal(
          AD_SUBCODES.textTooLong,
          'Text Too Long',
          `The ${field} of your ${where} has ${String(value).length} characters. It can have at most ${limit}.`,
        );
    }
    return spec;
  }

  callToAction(value: unknown, where: string): GraphCallToAction | undefined {
    if (value === undefined) return undefined;
    if (!isObject(value)) throw invalidParameter(`Param ${where}[call_to_action] must be a JSON object`);
    const type = String(value.type ?? '');
    if (!(CALL_TO_ACTION_TYPES as readonly string[]).includes(type))
      throw enumParameter(`${where}[call_to_action][type]`, CALL_TO_ACTION_TYPES);
    const link = isObject(value.value) ? value.value.link : undefined;
    return {
      type: type as GraphCallToAction['type'],
      ...(isObject(value.value)
        ? { value: { ...value.value, ...(link === undefined ? {} : { link: this.url(link, 'call to action link') }) } }
        : {}),
    };
  }

  imageHash(value: unknown): string {
    const hash = String(value);
    if (!this.account.images.has(hash))
      throw adsRefusal(
        AD_SUBCODES.imageNotFound,
        'Image Not Found',
        `The image with hash ${hash} isn't in this ad account's image library. Upload it to the ad account first.`,
      );
    return hash;
  }

  videoId(value: unknown): string {
    const id = String(value);
    const video = this.context.store.adObject(this.account, id, 'AdVideo');
    if (!video || video.deleted)
      throw adsRefusal(AD_SUBCODES.videoNotFound, 'Video Not Found', `The video ${id} doesn't exist in this ad account.`);
    if (!videoReady(video))
      throw adsRefusal(
        AD_SUBCODES.videoNotReady,
        'Video Still Processing',
        'Your video is still being processed. Try again once it is ready.',
      );
    return id;
  }

  page(value: unknown): string {
    const id = String(value ?? '');
    if (!id) throw invalidParameter('Object story spec is ill formed. Maybe missing Page ID or creative details, or invalid fields exist');
    const node = this.context.store.nodes.get(id);
    if (node?.type !== 'Page' || !this.seesAsset(id, (business) => [business.ownedPages, business.clientPages]))
      throw adsRefusal(AD_SUBCODES.invalidPage, 'Invalid Page', `The Page ${id} doesn't exist or you can't advertise for it.`);
    return id;
  }

  instagramAccount(value: unknown): string {
    const id = String(value);
    const node = this.context.store.nodes.get(id);
    if (node?.type !== 'InstagramUser' || !this.seesAsset(id, (business) => [business.instagramAccounts]))
      throw adsRefusal(
        AD_SUBCODES.invalidInstagramAccount,
        'Invalid Instagram Account',
        `The Instagram account ${id} doesn't exist or can't be used with this ad account.`,
      );
    return id;
  }

  private seesAsset(
    id: string,
    listsOf: (business: { ownedPages: string[]; clientPages: string[]; instagramAccounts: string[] }) => string[][],
  ) {
    return this.context.store
      .businessesOf(this.context.viewer.user.id)
      .some((business) => listsOf(business).some((ids) => ids.includes(id)));
  }

  card(raw: unknown, index: number): GraphChildAttachment {
    const where = `object_story_spec[link_data][child_attachments][${index}]`;
    if (!isObject(raw)) throw invalidParameter(`Param ${where} must be a JSON object`);
    const card: GraphChildAttachment = { ...this.texts(raw, `carousel card ${index + 1}`), link: this.url(raw.link, 'card link') };
    if (raw.image_hash !== undefined) card.image_hash = this.imageHash(raw.image_hash);
    if (raw.video_id !== undefined) {
      card.video_id = this.videoId(raw.video_id);
      if (raw.picture !== undefined) card.picture = this.url(raw.picture, 'card thumbnail');
      else if (raw.image_hash === undefined) throw requiredParameter(`${where}[picture]`);
    }
    if (card.image_hash === undefined && card.video_id === undefined) throw requiredParameter(`${where}[image_hash]`);
    const cta = this.callToAction(raw.call_to_action, where);
    if (cta) card.call_to_action = cta;
    return card;
  }

  linkData(raw: Fields): GraphLinkData {
    const where = 'object_story_spec[link_data]';
    const data: GraphLinkData = { ...this.texts(raw, 'ad'), link: this.url(raw.link, 'link') };
    if (raw.image_hash !== undefined) data.image_hash = this.imageHash(raw.image_hash);
    if (raw.picture !== undefined) data.picture = this.url(raw.picture, 'picture');
    const cta = this.callToAction(raw.call_to_action, where);
    if (cta) data.call_to_action = cta;
    if (raw.child_attachments !== undefined) {
      const cards = Array.isArray(raw.child_attachments) ? raw.child_attachments : [];
      if (cards.length < MIN_CARDS || cards.length > MAX_CARDS)
        throw adsRefusal(
          AD_SUBCODES.carouselCards,
          'Wrong Number of Carousel Cards',
          `Carousel ads need at least ${MIN_CARDS} and at most ${MAX_CARDS} cards; this one has ${cards.length}.`,
        );
      data.child_attachments = cards.map((card, index) => this.card(card, index));
    }
    return data;
  }

  videoData(raw: Fields): GraphVideoData {
    const where = 'object_story_spec[video_data]';
    const data: GraphVideoData = { ...this.texts(raw, 'video ad'), video_id: this.videoId(raw.video_id ?? '') };
    if (raw.image_hash !== undefined) data.image_hash = this.imageHash(raw.image_hash);
    if (raw.image_url !== undefined) data.image_url = this.url(raw.image_url, 'thumbnail');
    if (data.image_hash === undefined && data.image_url === undefined) throw requiredParameter(`${where}[image_url]`);
    const cta = this.callToAction(raw.call_to_action, where);
    if (cta) data.call_to_action = cta;
    return data;
  }

  spec(raw: unknown): GraphObjectStorySpec {
    if (!isObject(raw)) throw invalidParameter('Param object_story_spec must be a JSON object');
    const spec: GraphObjectStorySpec = { page_id: this.page(raw.page_id) };
    // Deprecated in v22.0 and refused in every version since September 9, 2025.
    if (raw.instagram_actor_id !== undefined)
      throw invalidParameter('The instagram_actor_id field is deprecated. Please use instagram_user_id instead.');
    if (raw.instagram_user_id !== undefined) spec.instagram_user_id = this.instagramAccount(raw.instagram_user_id);
    const kinds = [isObject(raw.link_data), isObject(raw.video_data)].filter(Boolean).length;
    if (kinds !== 1)
      throw invalidParameter('Object story spec is ill formed. Maybe missing Page ID or creative details, or invalid fields exist');
    if (isObject(raw.link_data)) spec.link_data = this.linkData(raw.link_data);
    if (isObject(raw.video_data)) spec.video_data = this.videoData(raw.video_data);
    return spec;
  }
}

export function createCreative(account: SandboxAdAccount, context: NodeContext) {
  const name = context.params.text('name') ?? `Creative ${context.now}`;
  const raw = context.params.json('object_story_spec');
  if (raw === undefined) throw requiredParameter('object_story_spec');
  const objectStorySpec = new StorySpecCheck(account, context).spec(raw);
  const creative = context.store.addAdObject(account, 'AdCreative', (id) => ({
    id,
    accountId: account.id,
    name,
    objectStorySpec,
    createdTime: context.now,
    updatedTime: context.now,
  }));
  return { id: creative.id };
}

export function updateCreative(creative: SandboxAdCreative, context: NodeContext) {
  const changed = [...['object_story_spec', 'image_hash', 'body', 'title', 'link_url']].find((field) => context.params.has(field));
  if (changed)
    throw invalidParameter(
      `An ad creative cannot be changed once created: only its name can. Create another creative instead of changing ${changed}.`,
    );
  creative.name = context.params.requiredText('name');
  creative.updatedTime = context.now;
  return { success: true };
}

/** The image a creative shows first, for `thumbnail_url` and `image_hash`. */
export function firstImageHash(creative: SandboxAdCreative): string | undefined {
  const { link_data: link, video_data: video } = creative.objectStorySpec;
  return link?.image_hash ?? link?.child_attachments?.find((card) => card.image_hash)?.image_hash ?? video?.image_hash;
}
