import { z } from 'zod';
import type { components } from '../../../../shared/api/app.gen';
import {
  URL_SUFFIX_VARIABLE,
  variablesIn,
  WHATSAPP_TEMPLATE_ERRORS,
  WHATSAPP_TEMPLATE_MEDIA,
  type WhatsappTemplateButtonType,
  type WhatsappTemplateCategory,
  type WhatsappTemplateHeaderFormat,
  type WhatsappTemplateInput,
  type WhatsappTemplateMediaFormat,
  type WhatsappTemplateVariable,
  type WhatsappTemplateVariableType,
  whatsappTemplateInputSchema,
} from '../../../../shared/whatsapp-templates';
import type { WizardStep } from '../../../lib/use-wizard';

type WhatsappTemplate = components['schemas']['WhatsappTemplate'];

const E = WHATSAPP_TEMPLATE_ERRORS;

/** Where a header file stands: read by the browser, then sent to the server as soon as it is chosen. */
export type HeaderFileUpload =
  | { state: 'uploading' }
  | { state: 'uploaded'; mediaId: number }
  /** Already in Spanish: the form's own words (format, size) or the server's. */
  | { state: 'failed'; message: string };

/** A header's file as the form holds it (a saved one has no `File`, only its name and address). */
export interface HeaderFile {
  name: string;
  size: number;
  upload: HeaderFileUpload;
  /** Where the preview reads an image from (an object URL, or the server's). */
  url?: string | undefined;
}

/** A button as its inputs hold it: every field a text, the type deciding which ones count. */
export interface TemplateButtonValues {
  type: WhatsappTemplateButtonType;
  text: string;
  url: string;
  urlExample: string;
  phoneCountryCode: string;
  phoneNumber: string;
}

export interface TemplateFormValues {
  name: string;
  description: string;
  category: WhatsappTemplateCategory | null;
  header: { format: WhatsappTemplateHeaderFormat; text: string; file: HeaderFile | null };
  body: string;
  footer: string;
  /** The variables inserted so far, with their examples; those no longer in the texts are left out when saving. */
  variables: WhatsappTemplateVariable[];
  buttons: TemplateButtonValues[];
}
export type TemplateFormField = 'name' | 'description' | 'category' | 'header' | 'body' | 'footer' | 'variables' | 'buttons';

/** The form's two steps, in order (SPEC §2), with the fields each step's "Siguiente" checks. */
export const TEMPLATE_STEPS = [
  { id: 'info', fields: ['name', 'description', 'category'] },
  { id: 'message', fields: ['header', 'body', 'footer', 'variables', 'buttons'] },
] as const satisfies readonly WizardStep<string, TemplateFormField>[];
export type TemplateStep = (typeof TEMPLATE_STEPS)[number]['id'];

export const EMPTY_TEMPLATE_FORM: TemplateFormValues = {
  name: '',
  description: '',
  category: null,
  header: { format: 'NONE', text: '', file: null },
  body: '',
  footer: '',
  variables: [],
  buttons: [],
};

/** What a new variable shows as its example until the merchant writes another (Meta reviews the examples). */
export const DEFAULT_VARIABLE_EXAMPLES: Record<Exclude<WhatsappTemplateVariableType, 'TEXT'>, string> = {
  CLIENT_FIRST_NAME: 'Camila',
  CLIENT_LAST_NAME: 'Rojas',
  CLIENT_EMAIL: 'camila.rojas@ejemplo.cl',
  PRODUCT_NAME: 'Café de grano 1 kg',
  PRODUCT_PRICE: '$12.990',
  PRODUCT_QUANTITY: '2',
};

export const emptyButton = (type: WhatsappTemplateButtonType): TemplateButtonValues => ({
  type,
  text: '',
  url: '',
  urlExample: '',
  phoneCountryCode: type === 'PHONE_NUMBER' || type === 'WHATSAPP_NUMBER' ? '56' : '',
  phoneNumber: '',
});

/** Whether the file's header format takes a file. */
export const isMediaHeader = (format: WhatsappTemplateHeaderFormat): format is WhatsappTemplateMediaFormat =>
  format === 'IMAGE' || format === 'VIDEO' || format === 'DOCUMENT';

/** What is wrong with a chosen file for a header of `format`, as a key of the `createTemplate` group; null when it fits. */
export function headerFileProblem(format: WhatsappTemplateMediaFormat, file: Pick<File, 'name' | 'type' | 'size'>) {
  const { formats, maxBytes } = WHATSAPP_TEMPLATE_MEDIA[format];
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  const types: readonly string[] = Object.values(formats);
  if (!(extension in formats) || (file.type !== '' && !types.includes(file.type))) return 'header.file.invalidFormat' as const;
  if (file.size > maxBytes) return 'header.file.tooLarge' as const;
  return null;
}

/** The variables the texts use now, each with the example the merchant gave it. */
function usedVariables(values: TemplateFormValues): WhatsappTemplateVariable[] {
  const used = new Set([...variablesIn(values.body), ...(values.header.format === 'TEXT' ? variablesIn(values.header.text) : [])]);
  return values.variables.filter((variable) => used.has(variable.name));
}

/** The body the fields make; fields not yet valid become what the contract refuses, so the schema names them. */
export function bodyOf(values: TemplateFormValues): WhatsappTemplateInput {
  const { format } = values.header;
  const upload = values.header.file?.upload;
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    ...(description ? { description } : {}),
    category: (values.category ?? '') as WhatsappTemplateCategory,
    header: {
      format,
      text: format === 'TEXT' ? values.header.text : null,
      mediaId: isMediaHeader(format) && upload?.state === 'uploaded' ? upload.mediaId : null,
    },
    body: values.body,
    footer: values.footer.trim() === '' ? null : values.footer,
    variables: usedVariables(values),
    buttons: values.buttons.map((button) => {
      const link = button.type === 'URL';
      const phone = button.type === 'PHONE_NUMBER' || button.type === 'WHATSAPP_NUMBER';
      const url = button.url.trim();
      return {
        type: button.type,
        text: button.text,
        url: link ? url : null,
        urlExample: link && url.endsWith(URL_SUFFIX_VARIABLE) ? button.urlExample.trim() : null,
        phoneCountryCode: phone ? button.phoneCountryCode.trim() : null,
        phoneNumber: phone ? button.phoneNumber.trim() : null,
      };
    }),
  };
}

/** The form's path for a path of the body (the shared schema's issues, the server's field errors). */
export function formPathOf(path: string): string {
  return path === 'header.mediaId' ? 'header.file' : path;
}

/** The top field of the form a path belongs to (where the wizard takes a refusal); null for one it does not know. */
export function formFieldOf(path: string): TemplateFormField | null {
  const head = path.split('.')[0] ?? '';
  return head in EMPTY_TEMPLATE_FORM ? (head as TemplateFormField) : null;
}

/** The form's rules: a header file still on its way or refused, then the shared schema's (SPEC §5) on the body. */
export const templateFormSchema = z
  .custom<TemplateFormValues>()
  .superRefine((values, issues) => {
    const added = new Set<string>();
    const add = (path: string, message: string) => {
      added.add(path);
      issues.addIssue({ code: 'custom', path: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), message });
    };
    const upload = values.header.file?.upload;
    if (isMediaHeader(values.header.format) && upload?.state === 'uploading') add('header.file', 'errors.headerFileUploading');
    if (isMediaHeader(values.header.format) && upload?.state === 'failed') add('header.file', 'errors.headerFileRefused');
    if (values.category === null) add('category', E.categoryRequired);
    const result = whatsappTemplateInputSchema.safeParse(bodyOf(values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const path = formPathOf(issue.path.map(String).join('.'));
      if (!added.has(path)) add(path, issue.message);
    }
  })
  .transform((values) => whatsappTemplateInputSchema.parse(bodyOf(values)));

/** A saved template in the form's fields (editing fills both steps). */
export function templateFormValuesOf(template: WhatsappTemplate): TemplateFormValues {
  const { media } = template.header;
  return {
    name: template.name,
    description: template.description ?? '',
    category: template.category,
    header: {
      format: template.header.format,
      text: template.header.text ?? '',
      file: media ? { name: media.name, size: media.bytes, upload: { state: 'uploaded', mediaId: media.id }, url: media.url } : null,
    },
    body: template.body,
    footer: template.footer ?? '',
    variables: template.variables,
    buttons: template.buttons.map((button) => ({
      type: button.type,
      text: button.text,
      url: button.url ?? '',
      urlExample: button.urlExample ?? '',
      phoneCountryCode: button.phoneCountryCode ?? '',
      phoneNumber: button.phoneNumber ?? '',
    })),
  };
}
