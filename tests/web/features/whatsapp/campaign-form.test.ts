import { describe, expect, it } from 'vitest';
import { audienceSample, cartReminderTemplate, promotionTemplate } from '../../../../mocks/fixtures/whatsapp-campaigns';
import { whatsappNotConnectedError } from '../../../../mocks/fixtures/whatsapp-templates';
import { campaignFieldErrors } from '../../../../mocks/handlers/whatsapp-campaigns';
import { ApiError } from '../../../../src/web/api/errors';
import {
  bodyOf,
  campaignPreviewOf,
  deferredSchedule,
  EMPTY_WHATSAPP_CAMPAIGN_FORM,
  formFieldOf,
  formPathOf,
  headerFileOf,
  sendInstantOf,
  type WhatsappCampaignFormValues,
  whatsappCampaignFormSchema,
} from '../../../../src/web/features/whatsapp/forms/campaign-form';
import { campaignSaveFailureOf } from '../../../../src/web/features/whatsapp/routes/campaign-form-route';

const TIME_ZONE = 'America/Santiago';
/** 2026-03-15 12:00 in Chile (UTC−3). */
const NOW = Date.parse('2026-03-15T15:00:00.000Z');
const templates = [promotionTemplate, cartReminderTemplate];

const unique: WhatsappCampaignFormValues = {
  ...EMPTY_WHATSAPP_CAMPAIGN_FORM,
  name: '  Promo fin de mes ',
  kind: 'unique',
  segmentId: '22',
  sendDate: '2026-03-20',
  sendTime: '10:00',
  // Left from an automated draft: a unique campaign sends none of it.
  event: 'cartAbandoned',
  hasDelay: true,
  delayAmount: '2',
  templateId: String(promotionTemplate.id),
  variables: { descuento: '20 % de descuento', codigo: 'FINDEMES', product_name: 'sobra' },
  headerFile: headerFileOf(promotionTemplate.header.media),
};

const automated: WhatsappCampaignFormValues = {
  ...EMPTY_WHATSAPP_CAMPAIGN_FORM,
  name: 'Bienvenida',
  kind: 'automated',
  segmentId: '4',
  event: 'segmentEntry',
  templateId: String(promotionTemplate.id),
  headerFile: headerFileOf(promotionTemplate.header.media),
};

const check = async (values: WhatsappCampaignFormValues, now = NOW) => {
  const result = await whatsappCampaignFormSchema({ now, timeZone: TIME_ZONE, templates }).safeParseAsync(values);
  return result.success
    ? { input: result.data, issues: {} }
    : { input: null, issues: Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message])) };
};

describe('bodyOf', () => {
  it("sends what the kind uses, the store's day and hour as typed, and a text only for the variables that need one", () => {
    expect(bodyOf(unique, promotionTemplate)).toEqual({
      name: 'Promo fin de mes',
      kind: 'unique',
      templateId: promotionTemplate.id,
      segmentId: 22,
      sendDate: '2026-03-20',
      sendTime: '10:00',
      event: null,
      delay: null,
      window: null,
      variables: [
        { name: 'descuento', text: '20 % de descuento' },
        { name: 'codigo', text: 'FINDEMES' },
      ],
      headerMediaId: promotionTemplate.header.media?.id,
    });
  });

  it('asks a segmentEntry campaign for the product variables its event cannot fill, and sends its segment', () => {
    const body = bodyOf({ ...automated, hasWindow: true, windowStart: '09:00', windowEnd: '21:00' }, promotionTemplate);
    expect(body.variables.map((variable) => variable.name)).toEqual(['descuento', 'product_name', 'codigo']);
    expect(body).toMatchObject({ segmentId: 4, event: 'segmentEntry', sendDate: null, window: { start: '09:00', end: '21:00' } });
    // An order's products fill them: no replacement asked, and no segment sent.
    const order = bodyOf({ ...automated, event: 'orderFulfilled' }, promotionTemplate);
    expect(order.variables.map((variable) => variable.name)).toEqual(['descuento', 'codigo']);
    expect(order.segmentId).toBeNull();
    // A cart keeps no lines, so its product variables need a text too.
    const cart = bodyOf({ ...automated, event: 'cartAbandoned' }, promotionTemplate);
    expect(cart.variables.map((variable) => variable.name)).toEqual(['descuento', 'product_name', 'codigo']);
  });
});

describe('whatsappCampaignFormSchema', () => {
  it('accepts a complete unique campaign and gives the body the server takes', async () => {
    const { input, issues } = await check(unique);
    expect(issues).toEqual({});
    expect(input).toEqual(bodyOf(unique, promotionTemplate));
  });

  it("refuses a send time already past on the store's clock, not on the browser's", async () => {
    // 11:59 in Chile is before 12:00 there, whatever zone the browser runs in.
    expect((await check({ ...unique, sendDate: '2026-03-15', sendTime: '11:59' })).issues).toEqual({ sendTime: 'errors.sendInPast' });
    expect((await check({ ...unique, sendDate: '2026-03-15', sendTime: '12:00' })).issues).toEqual({});
  });

  it('names each missing piece on its own field, once', async () => {
    const { issues } = await check({ ...EMPTY_WHATSAPP_CAMPAIGN_FORM, kind: 'unique' });
    expect(issues).toEqual({
      name: 'errors.nameRequired',
      sendDate: 'errors.dateRequired',
      sendTime: 'errors.timeRequired',
      segmentId: 'errors.segmentRequired',
      templateId: 'errors.templateRequired',
    });
    expect((await check(EMPTY_WHATSAPP_CAMPAIGN_FORM)).issues).toMatchObject({ kind: 'errors.required' });
    expect((await check({ ...automated, event: null, hasDelay: true, delayAmount: '0' })).issues).toMatchObject({
      event: 'errors.eventRequired',
      delayAmount: 'errors.delayInvalid',
    });
    expect((await check({ ...automated, segmentId: null })).issues).toMatchObject({ segmentId: 'errors.segmentRequired' });
  });

  it('asks for the text of each variable that needs one, on the variable, and for the header file', async () => {
    const { issues } = await check({ ...automated, variables: { descuento: '   ' }, headerFile: null });
    expect(issues).toEqual({
      'variables.descuento': 'errors.variableTextRequired',
      'variables.product_name': 'errors.variableTextRequired',
      'variables.codigo': 'errors.variableTextRequired',
      headerFile: 'errors.fileRequired',
    });
  });

  it('refuses a checkout template outside a cart campaign, a delay that is no number and a window that ends before it starts', async () => {
    const cart = { ...automated, event: 'orderFulfilled' as const, templateId: String(cartReminderTemplate.id), headerFile: null };
    expect((await check(cart)).issues).toEqual({ templateId: 'errors.templateNeedsCart' });
    // A cart keeps no lines: its product variable needs a text.
    expect((await check({ ...cart, event: 'cartAbandoned' })).issues).toEqual({ 'variables.product_name': 'errors.variableTextRequired' });
    expect((await check({ ...cart, event: 'cartAbandoned', variables: { product_name: 'tu café' } })).issues).toEqual({});
    const timed = { ...cart, event: 'cartAbandoned' as const, variables: { product_name: 'tu café' }, hasDelay: true, hasWindow: true };
    expect((await check({ ...timed, delayAmount: '1,5', windowStart: '21:00', windowEnd: '09:00' })).issues).toEqual({
      delayAmount: 'errors.delayInvalid',
      windowEnd: 'errors.windowInvalid',
    });
    expect((await check({ ...timed, delayAmount: '31', delayUnit: 'days', windowStart: '09:00', windowEnd: '21:00' })).issues).toEqual({
      delayAmount: 'errors.delayTooLong',
    });
  });

  it('waits for a header file still uploading, and refuses one that failed', async () => {
    const uploading = { ...unique, headerFile: { name: 'otra.jpg', size: 10, upload: { state: 'uploading' as const } } };
    expect((await check(uploading)).issues).toEqual({ headerFile: 'errors.fileUploading' });
    const failed = { ...unique, headerFile: { name: 'otra.jpg', size: 10, upload: { state: 'failed' as const, message: 'No.' } } };
    expect((await check(failed)).issues).toEqual({ headerFile: 'errors.fileRefused' });
  });
});

describe('the server refusals', () => {
  it('land on the field the form shows: the delay and window parts, and a variable by its place or its name', () => {
    const body = bodyOf(automated, promotionTemplate);
    expect(formPathOf('delay.amount')).toBe('delayAmount');
    expect(formPathOf('window.end')).toBe('windowEnd');
    expect(formPathOf('headerMediaId')).toBe('headerFile');
    expect(formPathOf('variables.1.text', body)).toBe('variables.product_name');
    expect(formPathOf('variables.codigo')).toBe('variables.codigo');
    expect(formFieldOf('variables.codigo')).toBe('variables');
    expect(formFieldOf('sendTime')).toBe('sendTime');
    expect(formFieldOf('somethingElse')).toBeNull();
  });

  it("the mocked server judges a body as the form does, in the form's Spanish", () => {
    const input = bodyOf({ ...automated, variables: { descuento: 'x' } }, promotionTemplate);
    expect(campaignFieldErrors(input, templates, NOW)).toEqual([
      { field: 'variables.product_name', message: 'Escribe el texto para esta variable.' },
      { field: 'variables.codigo', message: 'Escribe el texto para esta variable.' },
    ]);
    const past = bodyOf({ ...unique, sendDate: '2026-03-15', sendTime: '11:00' }, promotionTemplate);
    expect(campaignFieldErrors(past, templates, NOW)).toEqual([
      { field: 'sendTime', message: 'Esa hora ya pasó en tu tienda. Elige una hora futura.' },
    ]);
  });

  it('say what went wrong when no field is to blame', () => {
    expect(campaignSaveFailureOf(null)).toBeNull();
    expect(campaignSaveFailureOf(new ApiError(409, whatsappNotConnectedError))).toEqual({ kind: 'notConnected' });
    expect(
      campaignSaveFailureOf(
        new ApiError(400, { message: 'Revisa.', code: 'invalid_request', fieldErrors: [{ field: 'name', message: 'No.' }] }),
      ),
    ).toEqual({ kind: 'fields' });
    expect(campaignSaveFailureOf(new ApiError(404, { message: 'No encontramos este segmento.', code: 'not_found' }))).toEqual({
      kind: 'refused',
      message: 'No encontramos este segmento.',
    });
    expect(campaignSaveFailureOf(new ApiError(500, { message: 'Error.', code: 'internal' }))).toEqual({ kind: 'other' });
  });
});

describe('campaignPreviewOf', () => {
  it("fills the customer's values and the campaign's texts, and leaves a missing text showing its variable", () => {
    const preview = campaignPreviewOf(promotionTemplate, { ...unique, variables: { descuento: '20 %' } }, audienceSample);
    const value = Object.fromEntries(preview.variables.map((variable) => [variable.name, variable.example]));
    expect(value).toEqual({ client_first_name: 'Valentina', descuento: '20 %', product_name: 'Café de grano Etiopía 500 g', codigo: '' });
    expect(preview.header).toMatchObject({ format: 'IMAGE', url: promotionTemplate.header.media?.url });
  });

  it("falls back on the template's examples where the customer's data says nothing", () => {
    const preview = campaignPreviewOf(promotionTemplate, unique, { ...audienceSample, firstName: null });
    expect(preview.variables.find((variable) => variable.name === 'client_first_name')?.example).toBe('Camila');
  });
});

describe('deferredSchedule', () => {
  it('starts what the limit holds back a day after the send, and says how many days it takes', () => {
    const sendAt = sendInstantOf('2026-03-20', '10:00', TIME_ZONE)!;
    expect(new Date(sendAt).toISOString()).toBe('2026-03-20T13:00:00.000Z');
    expect(deferredSchedule(sendAt, 1000, 2500)).toEqual({ from: '2026-03-21T13:00:00.000Z', days: 3 });
    expect(deferredSchedule(sendAt, 1000, 0)).toBeNull();
    expect(deferredSchedule(sendAt, null, 40)).toBeNull();
  });
});
