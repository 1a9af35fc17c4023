/*
 * The WhatsApp Business Platform as Recompra uses it (WhatsApp Business Management API and the Cloud
 * API's media), written from Meta's published reference:
 * https://developers.facebook.com/docs/whatsapp/business-management-api and /docs/whatsapp/cloud-api.
 * It is Graph, on the same version as the ads (`META_API_VERSION`), with the same tokens and errors.
 */

/** A phone number's or a template's quality, as Meta rates it from how people react to its messages. */
export type QualityRating = 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';

/**
 * How many people the business portfolio may start conversations with in 24 hours. Since October 2025
 * Meta sets it per business portfolio (`whatsapp_business_manager_messaging_limit`), shared by all its
 * numbers; the number's own `messaging_limit_tier` is deprecated.
 */
export const MESSAGING_LIMIT_TIERS = ['TIER_250', 'TIER_2K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED'] as const;
export type MessagingLimitTier = (typeof MESSAGING_LIMIT_TIERS)[number];

/** Whether the number's display name was approved (`name_status`). */
export type NameStatus = 'APPROVED' | 'AVAILABLE_WITHOUT_REVIEW' | 'DECLINED' | 'EXPIRED' | 'PENDING_REVIEW' | 'NONE';

/** A WhatsApp Business Account (WABA) of a business: one it owns, or one a partner shares with it. */
export interface WhatsAppBusinessAccount {
  id: string;
  name: string;
  /** Whose it is, as the business lists it (owned_whatsapp_business_accounts or client_whatsapp_business_accounts). */
  ownership: 'owned' | 'client';
  currency: string;
  timezoneId: string;
  /** The owning business's verification (`business_verification_status`): verified, not_verified, pending… */
  businessVerificationStatus: string;
  /** Meta's review of the account itself (`account_review_status`): APPROVED, PENDING or REJECTED. */
  accountReviewStatus: string;
  messageTemplateNamespace: string;
}

/** A business phone number of a WABA, with what a merchant must see before choosing it. */
export interface WhatsAppPhoneNumber {
  id: string;
  /** As Meta writes it, `+56 9 2345 6701`. */
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: QualityRating;
  codeVerificationStatus: string;
  nameStatus: NameStatus | string;
  /** Messages a second the number may send: STANDARD (80) or HIGH (1,000). */
  throughputLevel: string;
  /** The business portfolio's limit, which every number shares; null when Meta did not say. */
  messagingLimit: MessagingLimitTier | null;
}

/** An app subscribed to a WABA's webhooks (`subscribed_apps`). */
export interface WhatsAppSubscribedApp {
  id: string;
  name: string;
  link: string;
}

/* The wire shapes, as Graph sends them: the client reads them and the sandbox writes them. */

export interface GraphWhatsAppBusinessAccount {
  id: string;
  name?: string;
  currency?: string;
  timezone_id?: string;
  business_verification_status?: string;
  account_review_status?: string;
  message_template_namespace?: string;
}

export interface GraphWhatsAppPhoneNumber {
  id: string;
  display_phone_number?: string;
  verified_name?: string;
  quality_rating?: QualityRating;
  code_verification_status?: string;
  name_status?: string;
  throughput?: { level?: string };
  whatsapp_business_manager_messaging_limit?: MessagingLimitTier;
}

/** One entry of `GET /{waba-id}/subscribed_apps`. */
export interface GraphSubscribedApp {
  whatsapp_business_api_data: { id: string; name?: string; link?: string };
}

/* Message templates (`/{waba-id}/message_templates`), as Meta's reference writes them. */

export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** `{{1}}`, `{{2}}`… (POSITIONAL, Meta's default) or `{{first_name}}` (NAMED). */
export const PARAMETER_FORMATS = ['POSITIONAL', 'NAMED'] as const;
export type ParameterFormat = (typeof PARAMETER_FORMATS)[number];

export type TemplateStatus =
  | 'APPROVED'
  | 'PENDING'
  | 'REJECTED'
  | 'PAUSED'
  | 'DISABLED'
  | 'IN_APPEAL'
  | 'PENDING_DELETION'
  | 'LIMIT_EXCEEDED'
  | 'ARCHIVED';

/** Why Meta rejected a template (`rejected_reason`; NONE while it is not rejected). */
export type TemplateRejectedReason =
  | 'ABUSIVE_CONTENT'
  | 'INCORRECT_CATEGORY'
  | 'INVALID_FORMAT'
  | 'PROMOTIONAL'
  | 'SCAM'
  | 'TAG_CONTENT_MISMATCH'
  | 'NONE';

export type GraphTemplateButton =
  | { type: 'QUICK_REPLY'; text: string }
  | { type: 'URL'; text: string; url: string; example?: string[] }
  | { type: 'PHONE_NUMBER'; text: string; phone_number: string }
  | { type: 'COPY_CODE'; example: string; text?: string };

export interface GraphNamedParam {
  param_name: string;
  example: string;
}

/** One component of a template, as sent and as listed. */
export type GraphTemplateComponent =
  | {
      type: 'HEADER';
      format: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT' | 'LOCATION';
      text?: string;
      /** `header_text` or `header_text_named_params` for a text header's variable; `header_handle` (a Resumable Upload handle) for media. */
      example?: { header_text?: string[]; header_text_named_params?: GraphNamedParam[]; header_handle?: string[] };
    }
  | { type: 'BODY'; text: string; example?: { body_text?: string[][]; body_text_named_params?: GraphNamedParam[] } }
  | { type: 'FOOTER'; text: string }
  | { type: 'BUTTONS'; buttons: GraphTemplateButton[] };

/** What `POST /{waba-id}/message_templates` takes. */
export interface NewMessageTemplate {
  /** Lowercase letters, digits and underscores, at most 512. */
  name: string;
  /** `es`, `es_AR`, `es_MX`… (Meta has no `es_CL`: Chile's templates are `es`). */
  language: string;
  category: TemplateCategory;
  parameterFormat?: ParameterFormat;
  components: GraphTemplateComponent[];
}

/** What `POST /{template-id}` may change: its components, and its category while it is not approved. */
export interface MessageTemplateChanges {
  category?: TemplateCategory;
  components?: GraphTemplateComponent[];
}

export interface MessageTemplate {
  id: string;
  name: string;
  language: string;
  status: TemplateStatus;
  category: TemplateCategory;
  parameterFormat: ParameterFormat;
  components: GraphTemplateComponent[];
  /** GREEN, YELLOW, RED, or UNKNOWN while too few people have received it. */
  qualityScore: QualityRating;
  rejectedReason: TemplateRejectedReason;
}

/** A template as `GET /{waba-id}/message_templates` lists it. */
export interface GraphMessageTemplate {
  id: string;
  name?: string;
  language?: string;
  status?: TemplateStatus;
  category?: TemplateCategory;
  parameter_format?: ParameterFormat;
  components?: GraphTemplateComponent[];
  quality_score?: { score: QualityRating; date?: number };
  rejected_reason?: TemplateRejectedReason;
}
