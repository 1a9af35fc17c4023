// Business constants and limits of SPEC §9, in one place for the server and the web client.

/** Media formats allowed for ad files (SPEC §5): extension to MIME type. */
export const MEDIA_FORMATS = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
} as const;

/** Size, dimension, duration and count limits of ad files (SPEC §5 and §9). */
export const MEDIA_LIMITS = {
  imageMaxBytes: 8 * 1024 * 1024,
  imageMinWidth: 254,
  imageMinHeight: 133,
  videoMaxBytes: 300 * 1024 * 1024,
  videoMinWidth: 500,
  videoMinHeight: 262,
  videoMaxSeconds: 120,
  carouselMaxFiles: 10,
  /** Files one store sends at once: the server refuses more (429), the wizard queues them. */
  uploadsAtOnce: 2,
} as const;

/** SPEC §9: the upload limit, 300 MB, of any file dropped on a form. */
export const UPLOAD_MAX_BYTES = 314_572_800;

/** A message with more buttons than this shows them as a list (SPEC §9). */
export const MESSAGE_BUTTONS_INLINE_MAX = 3;

/** SPEC §6/§9: a store has at most this many collaborators, pending invitations included. */
export const COLLABORATOR_LIMIT = 5;
/** An invitation to collaborate is valid for this many days. */
export const INVITATION_DAYS = 7;

/** SPEC §9: the free trial a store's first plan starts with, in days (the plan catalogue says it too). */
export const TRIAL_DAYS = 7;

/**
 * Limits of an ad campaign (SPEC §5, where it names a limit without its value): the contract's
 * `AdCampaignInput` says the same numbers, and the wizard checks them before the server does.
 */
export const AD_CAMPAIGN_LIMITS = {
  nameMaxLength: 80,
  mainTextMaxLength: 500,
  titleMaxLength: 60,
  descriptionMaxLength: 90,
  urlMaxLength: 2000,
  interestsMax: 10,
  locationsMax: 50,
  ageMin: 18,
  ageMax: 65,
  /** Files of one campaign: at least one ad; a carousel needs two cards and takes at most ten. */
  mediaMin: 1,
  carouselMin: 2,
  mediaMax: 10,
  /** Meta delivers to a custom audience only from this many matched people: a smaller segment is refused. */
  audienceMin: 100,
  /** Grace for a start "now": the minutes between filling the form and saving it. */
  startGraceMinutes: 5,
} as const;
