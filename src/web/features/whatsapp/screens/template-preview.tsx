import type { components } from '../../../../shared/api/app.gen';
import { type MessageButton, type MessageHeader, MessagePreview } from '../../../ui/message-preview';

type WhatsappTemplateHeaderFormat = components['schemas']['WhatsappTemplateHeaderFormat'];
type WhatsappTemplateButtonType = components['schemas']['WhatsappTemplateButtonType'];
type WhatsappTemplateVariable = components['schemas']['WhatsappTemplateVariable'];

/** What the preview shows of a template, from the form as it is being filled or from a saved one. */
export interface TemplatePreviewContent {
  header: { format: WhatsappTemplateHeaderFormat; text: string | null; fileName?: string | undefined; url?: string | undefined };
  body: string;
  footer: string | null;
  variables: readonly WhatsappTemplateVariable[];
  buttons: readonly { type: WhatsappTemplateButtonType; text: string }[];
}

const fill = (text: string, examples: Record<string, string>) =>
  text.replace(/\{\{([a-z][a-z0-9_]*)\}\}/g, (written, name: string) => examples[name]?.trim() || written);

function headerOf({ header }: TemplatePreviewContent, examples: Record<string, string>): MessageHeader | undefined {
  switch (header.format) {
    case 'TEXT':
      return header.text ? { type: 'text', text: fill(header.text, examples) } : undefined;
    case 'IMAGE':
      return { type: 'image', url: header.url };
    case 'VIDEO':
      return { type: 'video', url: header.url };
    case 'DOCUMENT':
      return { type: 'document', fileName: header.fileName };
    default:
      return undefined;
  }
}

/** How WhatsApp will show the template, its variables filled with their examples; more than 3 buttons as a list (SPEC §9). */
export function TemplatePreview({ content }: { content: TemplatePreviewContent }) {
  const examples = Object.fromEntries(content.variables.map((variable) => [variable.name, variable.example]));
  const buttons: MessageButton[] = content.buttons
    .filter((button) => button.text.trim() !== '')
    .map((button) => ({ type: button.type === 'PHONE_NUMBER' ? 'phone' : 'url', text: button.text }));
  return (
    <MessagePreview
      header={headerOf(content, examples)}
      body={content.body}
      variables={examples}
      footer={content.footer ?? undefined}
      buttons={buttons}
    />
  );
}
