import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import type { WhatsappTemplateButtonType, WhatsappTemplateInput } from '../../../../shared/whatsapp-templates';
import type { TemplateFormValues } from '../forms/template-form';

/** Why a save did not go through, beyond the fields (those come back beside their field). */
export type TemplateSaveFailure =
  /** Meta or the server refused it: SPEC §8's creation or update error, the server's message appended. */
  | { kind: 'refused'; message: string }
  /** 409 `template_not_editable`: Meta lets it change only later (its message says when). */
  | { kind: 'notEditable'; message: string }
  /** 409 `whatsapp_not_connected`. */
  | { kind: 'notConnected' }
  /** Field errors (400, a broken rule; 409/422 on a field): shown beside their fields; this says so above the buttons. */
  | { kind: 'fields' }
  | { kind: 'network' }
  /** A server error or no answer: nothing was saved. */
  | { kind: 'other' };

export interface TemplateFormProps {
  mode: 'create' | 'edit';
  /** The template's fields when editing (or a story's); the empty form otherwise. */
  defaultValues?: TemplateFormValues | undefined;
  /** The step shown first, from 0 (stories start on any). */
  defaultStep?: number | undefined;
  /** Uploads a header's file; rejects with the server's words for what it refused. */
  onUploadHeaderFile: (file: File) => Promise<{ mediaId: number; url: string }>;
  /** A button of this type would break Meta's limits: the container says so (SPEC §8, a toast). */
  onButtonLimit: (type: WhatsappTemplateButtonType) => void;
  onSubmit: (input: WhatsappTemplateInput) => void;
  onCancel: () => void;
  saving?: boolean | undefined;
  /** The server's words for the fields it refused, by the form's path (`name`, `header.file`, `buttons.0.phoneNumber`). */
  serverErrors?: Partial<Record<string, string>> | undefined;
  failure?: TemplateSaveFailure | null | undefined;
  /** Where the WhatsApp connection is made (/integrations); absent for roles that cannot open it. */
  integrationsHref?: string | undefined;
}

/** What both steps are given. */
export interface TemplateStepProps {
  control: Control<TemplateFormValues, unknown, WhatsappTemplateInput>;
  register: UseFormRegister<TemplateFormValues>;
  errors: FieldErrors<TemplateFormValues>;
  /** The error a field shows: the form's own (a text key), else the server's words. */
  errorOf: (path: string) => string | { message?: string | undefined } | undefined;
  disabled: boolean;
}
