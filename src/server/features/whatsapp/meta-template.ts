import type { components } from '../../../shared/api/app.gen.ts';
import { URL_SUFFIX_VARIABLE, variablesIn, type WhatsappTemplateInput } from '../../../shared/whatsapp-templates.ts';
import type {
  GraphTemplateButton,
  GraphTemplateComponent,
  MessageTemplate,
  TemplateRejectedReason,
  TemplateStatus,
} from '../../integrations/meta/whatsapp/types.ts';

/*
 * A template as the merchant wrote it, as Meta takes it (named parameters, `parameter_format: NAMED`), and
 * what Meta says of a template in our statuses.
 *
 * Our variables are written `{{client_first_name}}` and go to Meta as named parameters with their
 * examples. Our button types become Meta's: URL and WHATSAPP_NUMBER (`https://wa.me/…`) URL buttons,
 * PHONE_NUMBER a call button, CHECKOUT_URL and REDO_LAST_ORDER_URL dynamic URL buttons on the shop's own
 * address whose suffix the sender fills per customer (the contract's `WhatsappTemplateButton`).
 */

type Status = components['schemas']['WhatsappTemplateStatus'];
type RejectionReason = components['schemas']['WhatsappTemplateRejectionReason'];
type Button = WhatsappTemplateInput['buttons'][number];

/** What the template's Meta form needs beyond the merchant's text. */
export interface MetaTemplateContext {
  /** The shop's address (`tienda.myshopify.com`), for the checkout and reorder buttons. */
  shopDomain: string;
  /** The header file's Resumable Upload handle, for an image, video or document header. */
  headerHandle: string | null;
}

/** Examples of the suffixes the checkout and reorder buttons are filled with, in Shopify's own address shapes. */
export const DYNAMIC_SUFFIX_EXAMPLES = {
  CHECKOUT_URL: '73014378710/checkouts/0b3f5e7a9c1d2e4f/recover?key=5c2a9e',
  REDO_LAST_ORDER_URL: 'cart/44012934561:1,44012934562:2',
} as const;

function namedExamples(text: string, input: WhatsappTemplateInput) {
  return variablesIn(text).map((name) => ({
    param_name: name,
    example: input.variables.find((variable) => variable.name === name)?.example ?? name,
  }));
}

function buttonOf(button: Button, shopDomain: string): GraphTemplateButton {
  switch (button.type) {
    case 'URL': {
      const url = button.url ?? '';
      if (!url.endsWith(URL_SUFFIX_VARIABLE)) return { type: 'URL', text: button.text, url };
      return { type: 'URL', text: button.text, url, example: [`${url.slice(0, -URL_SUFFIX_VARIABLE.length)}${button.urlExample ?? ''}`] };
    }
    case 'PHONE_NUMBER':
      return { type: 'PHONE_NUMBER', text: button.text, phone_number: `+${button.phoneCountryCode ?? ''}${button.phoneNumber ?? ''}` };
    case 'WHATSAPP_NUMBER':
      return { type: 'URL', text: button.text, url: `https://wa.me/${button.phoneCountryCode ?? ''}${button.phoneNumber ?? ''}` };
    case 'CHECKOUT_URL':
    case 'REDO_LAST_ORDER_URL':
      return {
        type: 'URL',
        text: button.text,
        url: `https://${shopDomain}/${URL_SUFFIX_VARIABLE}`,
        example: [`https://${shopDomain}/${DYNAMIC_SUFFIX_EXAMPLES[button.type]}`],
      };
  }
}

/** The template's components as Meta's `message_templates` takes them. */
export function metaComponentsOf(input: WhatsappTemplateInput, context: MetaTemplateContext): GraphTemplateComponent[] {
  const parts: GraphTemplateComponent[] = [];
  const { header } = input;
  if (header.format === 'TEXT' && header.text) {
    const examples = namedExamples(header.text, input);
    parts.push({
      type: 'HEADER',
      format: 'TEXT',
      text: header.text,
      ...(examples.length ? { example: { header_text_named_params: examples } } : {}),
    });
  } else if (header.format !== 'NONE' && header.format !== 'TEXT') {
    parts.push({ type: 'HEADER', format: header.format, example: { header_handle: [context.headerHandle ?? ''] } });
  }
  const bodyExamples = namedExamples(input.body, input);
  parts.push({ type: 'BODY', text: input.body, ...(bodyExamples.length ? { example: { body_text_named_params: bodyExamples } } : {}) });
  if (input.footer) parts.push({ type: 'FOOTER', text: input.footer });
  if (input.buttons.length) parts.push({ type: 'BUTTONS', buttons: input.buttons.map((button) => buttonOf(button, context.shopDomain)) });
  return parts;
}

/**
 * Meta's status in ours: an appeal is a review again; a template being deleted, deleted or archived is
 * out of use; a template over the account's limit was never accepted. Null when Meta's status has no
 * place in ours (the template stays as it was).
 */
export function statusOfMeta(status: TemplateStatus | string): Status | null {
  switch (status) {
    case 'APPROVED':
    case 'PENDING':
    case 'REJECTED':
    case 'PAUSED':
    case 'DISABLED':
      return status;
    case 'IN_APPEAL':
      return 'PENDING';
    case 'PENDING_DELETION':
    case 'ARCHIVED':
      return 'DISABLED';
    case 'LIMIT_EXCEEDED':
      return 'REJECTED';
    default:
      return null;
  }
}

const KNOWN_REASONS: readonly string[] = [
  'ABUSIVE_CONTENT',
  'INCORRECT_CATEGORY',
  'INVALID_FORMAT',
  'PROMOTIONAL',
  'SCAM',
  'TAG_CONTENT_MISMATCH',
] satisfies RejectionReason[];

/** Meta's rejection reason in ours; a reason Meta adds later is OTHER (its words kept beside it). */
export function rejectionReasonOf(reason: TemplateRejectedReason | string | null | undefined): RejectionReason | null {
  if (!reason || reason === 'NONE') return null;
  return KNOWN_REASONS.includes(reason) ? (reason as RejectionReason) : 'OTHER';
}

/** A template as Meta lists it, in our terms (the periodic sync). */
export function listedState(template: Pick<MessageTemplate, 'status' | 'rejectedReason' | 'qualityScore'>) {
  return {
    status: statusOfMeta(template.status),
    rejectionReason: template.status === 'REJECTED' ? (rejectionReasonOf(template.rejectedReason) ?? 'OTHER') : null,
    quality: template.qualityScore,
  };
}
