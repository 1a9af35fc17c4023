import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import {
  editedTodayTemplate,
  rejectedTemplate,
  templateInvalidPhoneError,
  templateNameTakenError,
  templateRefusedError,
  templateTooManyVariablesError,
  whatsappTemplateFixture,
} from '../../mocks/fixtures/whatsapp-templates';
import { emptyButton } from '../../src/web/features/whatsapp/forms/template-form';
import { TemplateFormScreen } from '../../src/web/features/whatsapp/screens/template-form-screen';
import { chooseFromMenu } from '../ad-campaigns/campaign-story-steps';
import { userEvent } from '../support/user-event';
import { atMessage, baseArgs, filled, withHeaderFile } from './template-form-args';

/** The template form as /whatsapp/templates/create and /whatsapp/templates/:id?editar show it, beside its live preview. */
const meta = {
  title: 'Screens/WhatsApp/TemplateForm',
  component: TemplateFormScreen,
  args: baseArgs,
} satisfies Meta<typeof TemplateFormScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const fieldMessage = (field: string, message: string) => ({ [field]: message });

/** Step 1 of a new template: name, description, the two categories explained. */
export const InfoStep: Story = {};
export const InfoStepOnPhone: Story = onPhone<Story>({});
export const InfoStepFilled: Story = { args: { defaultValues: filled } };

/** Meta's name rules: lowercase letters, digits and underscores. */
export const NameRulesBroken: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^Nombre/), 'Carrito Abandonado');
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await expect(await canvas.findByText(/Usa solo letras minúsculas sin tildes/)).toBeVisible();
    await expect(canvas.getByText('Elige una categoría.')).toBeVisible();
  },
};
export const NameRulesBrokenOnPhone: Story = onPhone<Story>({ play: NameRulesBroken.play });

/** Step 2 filled: an image header, two variables with their examples, a footer, a checkout and a phone button. */
export const MessageStep: Story = { args: atMessage() };
export const MessageStepOnPhone: Story = onPhone<Story>({ args: atMessage() });
export const MessageStepEmpty: Story = { args: { defaultStep: 1 } };

export const HeaderNone: Story = { args: atMessage({ header: { format: 'NONE', text: '', file: null } }) };
/** A text header with its one variable: the menu is closed for a second. */
export const HeaderText: Story = {
  args: atMessage({ header: { format: 'TEXT', text: '¡Hola, {{client_first_name}}!', file: null } }),
};
export const HeaderTextOnPhone: Story = onPhone<Story>({ args: HeaderText.args });
/** Sending waits for the file: the button says so (busy, so a click sends nothing). */
export const HeaderImageUploading: Story = {
  args: withHeaderFile('IMAGE', 'uploading'),
  parameters: { visual: { waitFor: 'text=Subiendo…' } },
};
export const HeaderImageUploaded: Story = { args: withHeaderFile('IMAGE', 'uploaded') };
export const HeaderImageRefused: Story = { args: withHeaderFile('IMAGE', 'failed') };
export const HeaderVideoUploading: Story = {
  args: withHeaderFile('VIDEO', 'uploading'),
  parameters: { visual: { waitFor: 'text=Subiendo…' } },
};
export const HeaderVideoUploaded: Story = { args: withHeaderFile('VIDEO', 'uploaded') };
export const HeaderVideoRefused: Story = { args: withHeaderFile('VIDEO', 'failed') };
export const HeaderDocumentUploading: Story = {
  args: withHeaderFile('DOCUMENT', 'uploading'),
  parameters: { visual: { waitFor: 'text=Subiendo…' } },
};
export const HeaderDocumentUploaded: Story = { args: withHeaderFile('DOCUMENT', 'uploaded') };
export const HeaderDocumentUploadedOnPhone: Story = onPhone<Story>({ args: withHeaderFile('DOCUMENT', 'uploaded') });
export const HeaderDocumentRefused: Story = { args: withHeaderFile('DOCUMENT', 'failed') };
/** A media header with no file yet: the drop zone with Meta's formats and size. */
export const HeaderImageEmpty: Story = { args: atMessage({ header: { format: 'IMAGE', text: '', file: null } }) };

/** A dynamic link with its example, a WhatsApp number and a phone number: the most Meta allows of them. */
export const ButtonsLinkWhatsappPhone: Story = {
  args: atMessage({
    buttons: [
      { ...emptyButton('URL'), text: 'Ver el producto', url: 'https://cafeaustral.cl/products/{{1}}', urlExample: 'cafe-de-grano-1-kg' },
      { ...emptyButton('WHATSAPP_NUMBER'), text: 'Escríbenos', phoneNumber: '912345678' },
      { ...emptyButton('PHONE_NUMBER'), text: 'Llamar a la tienda', phoneNumber: '223456789' },
    ],
  }),
};
export const ButtonsLinkWhatsappPhoneOnPhone: Story = onPhone<Story>({ args: ButtonsLinkWhatsappPhone.args });
/** The checkout and last-order buttons: their address is the customer's own, filled when sending. */
export const ButtonsCheckoutAndLastOrder: Story = {
  args: atMessage({
    buttons: [
      { ...emptyButton('CHECKOUT_URL'), text: 'Terminar mi compra' },
      { ...emptyButton('REDO_LAST_ORDER_URL'), text: 'Repetir mi pedido' },
      { ...emptyButton('PHONE_NUMBER'), text: 'Llamar a la tienda', phoneNumber: '223456789' },
    ],
  }),
};
/** A static link. */
export const ButtonStaticLink: Story = {
  args: atMessage({ buttons: [{ ...emptyButton('URL'), text: 'Visitar la tienda', url: 'https://cafeaustral.cl' }] }),
};

/** At Meta's limit, one more link is refused: the container says so in a toast (see the route's story). */
export const ButtonLimitReached: Story = {
  args: ButtonsCheckoutAndLastOrder.args,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Agregar botón' }));
    await chooseFromMenu(canvasElement, 'Enlace a un sitio web');
    await expect(args.onButtonLimit).toHaveBeenCalledWith('URL');
    // The merchant clicks away from the menu's button: the picture never depends on whether its focus ring came back.
    await userEvent.click(canvas.getByRole('heading', { level: 1 }));
    await waitFor(() => expect(canvasElement.ownerDocument.activeElement).toBe(canvasElement.ownerDocument.body));
  },
};

/** The body's words allow no more variables: "no more variables can be added". */
export const VariablesLimitReached: Story = {
  args: atMessage({
    header: { format: 'NONE', text: '', file: null },
    body: 'Hola {{client_first_name}}, te esperamos mañana',
    buttons: [],
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/No se pueden agregar más variables/)).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Insertar variable' })[0]).toBeDisabled();
  },
};
export const VariablesLimitReachedOnPhone: Story = onPhone<Story>({ args: VariablesLimitReached.args });

/** The rules of the message step, checked on "Enviar a revisión". */
export const MessageRulesBroken: Story = {
  args: atMessage({
    header: { format: 'TEXT', text: '', file: null },
    body: '{{client_first_name}} {{product_name}}',
    buttons: [
      { ...emptyButton('URL'), text: 'Ver', url: 'tienda' },
      { ...emptyButton('PHONE_NUMBER'), text: '' },
    ],
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar a revisión' }));
    await expect(await canvas.findByText('Escribe el texto del encabezado.')).toBeVisible();
  },
};

/** SPEC §8 2046: Meta finds too many variables for the message's length. */
export const Error2046: Story = {
  args: {
    ...atMessage(),
    serverErrors: fieldMessage('body', templateTooManyVariablesError.fieldErrors?.[0]?.message ?? ''),
    failure: { kind: 'fields' },
  },
};
/** SPEC §8 2047: the name is taken; the form goes back to the first step. */
export const Error2047: Story = {
  args: {
    ...atMessage(),
    serverErrors: fieldMessage('name', templateNameTakenError.fieldErrors?.[0]?.message ?? ''),
    failure: { kind: 'fields' },
  },
};
/** SPEC §8 2048: Meta refuses the phone number. */
export const Error2048: Story = {
  args: {
    ...atMessage({ buttons: [{ ...emptyButton('PHONE_NUMBER'), text: 'Llamar a la tienda', phoneNumber: '1234' }] }),
    serverErrors: fieldMessage('buttons.0.phoneNumber', templateInvalidPhoneError.fieldErrors?.[0]?.message ?? ''),
    failure: { kind: 'fields' },
  },
};
export const Error2048OnPhone: Story = onPhone<Story>({ args: Error2048.args });
/** SPEC §8: the creation error with the server's message appended. */
export const CreationErrorWithServerMessage: Story = {
  args: { ...atMessage(), failure: { kind: 'refused', message: templateRefusedError.message } },
};
export const CreationErrorWithServerMessageOnPhone: Story = onPhone<Story>({ args: CreationErrorWithServerMessage.args });
export const NotConnected: Story = { args: { ...atMessage(), failure: { kind: 'notConnected' } } };
export const Saving: Story = {
  args: { ...atMessage(), saving: true },
  parameters: { visual: { waitFor: 'text=Enviando la plantilla a Meta…' } },
};

/** Editing a template Meta rejected: its reason above the form, then sent again. */
export const EditingRejected: Story = {
  args: {
    mode: 'edit',
    template: { status: 'success', data: whatsappTemplateFixture(rejectedTemplate) },
    templateHref: '/whatsapp/templates/304',
  },
};
export const EditingRejectedOnPhone: Story = onPhone<Story>({ args: EditingRejected.args });
/** An approved template edited today: Meta allows one edit a day. */
export const ApprovedNotEditableToday: Story = {
  args: {
    mode: 'edit',
    template: { status: 'success', data: whatsappTemplateFixture(editedTodayTemplate) },
    templateHref: '/whatsapp/templates/302',
  },
};
export const ApprovedNotEditableTodayOnPhone: Story = onPhone<Story>({ args: ApprovedNotEditableToday.args });
/** Meta answered 409 when saving: it can be edited only later. */
export const NotEditableWhenSaving: Story = {
  args: {
    ...atMessage(),
    mode: 'edit',
    failure: {
      kind: 'notEditable',
      message: 'Meta permite editar una plantilla aprobada una vez al día. Podrás editarla de nuevo el 16 mar 2026, 09:40.',
    },
  },
};
export const EditLoading: Story = {
  args: { mode: 'edit', template: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};
export const EditLoadError: Story = { args: { mode: 'edit', template: { status: 'error', cause: 'server' } } };
