import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MetaUserClient } from '../../../../src/server/integrations/meta/client.ts';
import { MetaError, MetaRequestError } from '../../../../src/server/integrations/meta/errors.ts';
import { SANDBOX_META_IDS, type StartedMetaSandbox, startMetaSandbox } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import {
  TEMPLATE_REFUSAL_CODES,
  TEMPLATE_SUBCODES,
  templateRefusalCode,
} from '../../../../src/server/integrations/meta/whatsapp/errors.ts';
import type { GraphTemplateComponent, NewMessageTemplate } from '../../../../src/server/integrations/meta/whatsapp/types.ts';
import { camilaClient, failure } from '../meta/testing.ts';

// Message templates against the sandbox: Meta's checks, its review on the sandbox's clock, quality, edits and deletions.
const ids = SANDBOX_META_IDS;
const WABA = ids.whatsappAccounts.tiendaDemo;
const REVIEW_SECONDS = 30;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let meta: StartedMetaSandbox;
let whatsapp: MetaUserClient['whatsapp'];
beforeAll(async () => {
  meta = await startMetaSandbox({ now: () => Date.UTC(2025, 2, 10, 12), templateReviewSeconds: REVIEW_SECONDS });
});
afterAll(() => meta.close());
// A new 60-day token for each test: the clock moves by weeks.
beforeEach(() => {
  whatsapp = camilaClient(meta).whatsapp;
});

const body = (text: string, examples: string[] = []): GraphTemplateComponent => ({
  type: 'BODY',
  text,
  ...(examples.length ? { example: { body_text: [examples] } } : {}),
});

const template = (name: string, overrides: Partial<NewMessageTemplate> = {}): NewMessageTemplate => ({
  name,
  language: 'es',
  category: 'MARKETING',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Ofertas de temporada' },
    body('Hola {{1}}, tenemos descuentos de hasta 30 % en zapatillas esta semana en {{2}}. ¡Te esperamos!', ['Camila', 'Tienda Demo']),
    { type: 'FOOTER', text: 'Responde BAJA para no recibir más mensajes' },
    {
      type: 'BUTTONS',
      buttons: [
        {
          type: 'URL',
          text: 'Ver ofertas',
          url: 'https://tiendademo.cl/ofertas/{{1}}',
          example: ['https://tiendademo.cl/ofertas/zapatillas'],
        },
        { type: 'QUICK_REPLY', text: 'No me interesa' },
      ],
    },
  ],
  ...overrides,
});

const review = () => meta.sandbox.whatsapp.advance(REVIEW_SECONDS * 1000);

/** The status changes queued for the WABA's webhooks about one template. */
const statusEvents = (templateId: string) =>
  meta.sandbox.whatsapp
    .changes()
    .flatMap(({ change }) =>
      change.field === 'message_template_status_update' && String(change.value.message_template_id) === templateId ? [change.value] : [],
    );

async function approved(name: string, overrides: Partial<NewMessageTemplate> = {}) {
  const { id } = await whatsapp.createTemplate(WABA, template(name, overrides));
  review();
  expect((await whatsapp.template(id)).status).toBe('APPROVED');
  return id;
}

describe('creating and reviewing', () => {
  it('submits a template as PENDING, and Meta approves it after the review time', async () => {
    const created = await whatsapp.createTemplate(WABA, template('ofertas_temporada'));
    expect(created).toEqual({ id: expect.stringMatching(/^\d{15}$/), status: 'PENDING', category: 'MARKETING' });
    expect(await whatsapp.template(created.id)).toMatchObject({
      name: 'ofertas_temporada',
      language: 'es',
      status: 'PENDING',
      parameterFormat: 'POSITIONAL',
      qualityScore: 'UNKNOWN',
      rejectedReason: 'NONE',
    });
    meta.sandbox.whatsapp.advance(REVIEW_SECONDS * 1000 - 1000);
    expect((await whatsapp.template(created.id)).status).toBe('PENDING');
    meta.sandbox.whatsapp.advance(1000);
    const read = await whatsapp.template(created.id);
    expect(read.status).toBe('APPROVED');
    expect(read.components).toEqual(template('ofertas_temporada').components);
    expect(statusEvents(created.id)).toEqual([
      {
        event: 'APPROVED',
        message_template_id: Number(created.id),
        message_template_name: 'ofertas_temporada',
        message_template_language: 'es',
        reason: 'NONE',
        message_template_category: 'MARKETING',
      },
    ]);
  });

  it('rejects a template whose body carries the marker, with Meta’s reason', async () => {
    const promotional = await whatsapp.createTemplate(
      WABA,
      template('rechazo_promocional', { components: [body('Compra ya todo lo que quieras en nuestra tienda #rechazar:PROMOTIONAL')] }),
    );
    const format = await whatsapp.createTemplate(
      WABA,
      template('rechazo_formato', { components: [body('Un texto cualquiera #rechazar')] }),
    );
    review();
    expect(await whatsapp.template(promotional.id)).toMatchObject({ status: 'REJECTED', rejectedReason: 'PROMOTIONAL' });
    expect(statusEvents(promotional.id)).toEqual([expect.objectContaining({ event: 'REJECTED', reason: 'PROMOTIONAL' })]);
    expect(statusEvents(promotional.id)[0]).not.toHaveProperty('rejection_info');
    expect(await whatsapp.template(format.id)).toMatchObject({ status: 'REJECTED', rejectedReason: 'INVALID_FORMAT' });
    expect(statusEvents(format.id)).toEqual([
      expect.objectContaining({
        event: 'REJECTED',
        reason: 'INVALID_FORMAT',
        rejection_info: { reason: expect.any(String), recommendation: expect.any(String) },
      }),
    ]);
  });

  it('takes named parameters with their examples', async () => {
    const created = await whatsapp.createTemplate(
      WABA,
      template('carrito_nombrado', {
        category: 'UTILITY',
        parameterFormat: 'NAMED',
        components: [
          {
            type: 'HEADER',
            format: 'TEXT',
            text: 'Hola {{first_name}}',
            example: { header_text_named_params: [{ param_name: 'first_name', example: 'Camila' }] },
          },
          {
            type: 'BODY',
            text: 'Dejaste {{items}} productos en tu carrito de compras, te los guardamos hasta mañana.',
            example: { body_text_named_params: [{ param_name: 'items', example: '3' }] },
          },
        ],
      }),
    );
    expect((await whatsapp.template(created.id)).parameterFormat).toBe('NAMED');
  });
});

describe('Meta’s checks', () => {
  const buttons = (...list: Extract<GraphTemplateComponent, { type: 'BUTTONS' }>['buttons']): GraphTemplateComponent => ({
    type: 'BUTTONS',
    buttons: list,
  });
  const ok = body('Hola {{1}}, tu pedido ya va en camino a tu casa.', ['Camila']);
  const quick = (text: string) => ({ type: 'QUICK_REPLY' as const, text });
  const url = (text: string) => ({ type: 'URL' as const, text, url: 'https://tiendademo.cl' });
  const cases: Array<[string, Partial<NewMessageTemplate>, number]> = [
    ['a name with capitals', { name: 'Ofertas' }, TEMPLATE_SUBCODES.invalidName],
    ['a name of 513 characters', { name: 'a'.repeat(513) }, TEMPLATE_SUBCODES.invalidName],
    [
      'a text header of 61 characters',
      { components: [{ type: 'HEADER', format: 'TEXT', text: 'x'.repeat(61) }, ok] },
      TEMPLATE_SUBCODES.characterLimit,
    ],
    [
      'a header with two variables',
      {
        components: [{ type: 'HEADER', format: 'TEXT', text: '{{1}} y {{2}}', example: { header_text: ['a', 'b'] } }, ok],
      },
      TEMPLATE_SUBCODES.headerFormat,
    ],
    ['a body of 1,025 characters', { components: [body('x'.repeat(1025))] }, TEMPLATE_SUBCODES.characterLimit],
    ['a footer of 61 characters', { components: [ok, { type: 'FOOTER', text: 'x'.repeat(61) }] }, TEMPLATE_SUBCODES.characterLimit],
    [
      'a variable without its example',
      { components: [body('Hola {{1}}, tu pedido ya va en camino a tu casa.')] },
      TEMPLATE_SUBCODES.missingExamples,
    ],
    [
      'variables out of order',
      { components: [body('Hola {{2}}, tu pedido ya va en camino a tu casa.', ['x'])] },
      TEMPLATE_SUBCODES.invalidVariables,
    ],
    [
      'a positional variable in a NAMED template',
      { parameterFormat: 'NAMED', components: [body('Hola {{1}}, tu pedido ya va en camino a tu casa.', ['x'])] },
      TEMPLATE_SUBCODES.invalidVariables,
    ],
    [
      'a named variable without its example',
      {
        parameterFormat: 'NAMED',
        components: [
          {
            type: 'BODY',
            text: 'Hola {{nombre}}, tu pedido {{pedido}} ya va en camino a tu casa.',
            example: { body_text_named_params: [{ param_name: 'nombre', example: 'Camila' }] },
          },
        ],
      },
      TEMPLATE_SUBCODES.missingExamples,
    ],
    [
      'a variable at the start',
      { components: [body('{{1}}, tu pedido ya va en camino a tu casa.', ['x'])] },
      TEMPLATE_SUBCODES.variablesAtEdges,
    ],
    ['a variable at the end', { components: [body('Tu pedido ya va en camino, {{1}}', ['x'])] }, TEMPLATE_SUBCODES.variablesAtEdges],
    [
      'too many variables for the text',
      { components: [body('Hola {{1}} {{2}} {{3}} chao', ['a', 'b', 'c'])] },
      TEMPLATE_SUBCODES.tooManyVariables,
    ],
    [
      '11 buttons',
      { components: [ok, buttons(...Array.from({ length: 11 }, (_, index) => quick(`Opción ${index}`)))] },
      TEMPLATE_SUBCODES.invalidButtons,
    ],
    ['3 URL buttons', { components: [ok, buttons(url('Uno'), url('Dos'), url('Tres'))] }, TEMPLATE_SUBCODES.invalidButtons],
    [
      'a URL variable that is not at its end',
      {
        components: [
          ok,
          buttons({ type: 'URL', text: 'Ver', url: 'https://tiendademo.cl/{{1}}/ofertas', example: ['https://tiendademo.cl/a/ofertas'] }),
        ],
      },
      TEMPLATE_SUBCODES.invalidUrl,
    ],
    [
      'two phone number buttons',
      {
        components: [
          ok,
          buttons(
            { type: 'PHONE_NUMBER', text: 'Llamar', phone_number: '+56923456701' },
            { type: 'PHONE_NUMBER', text: 'Llamar otra vez', phone_number: '+56923456702' },
          ),
        ],
      },
      TEMPLATE_SUBCODES.invalidButtons,
    ],
    [
      'two copy code buttons',
      { components: [ok, buttons({ type: 'COPY_CODE', example: 'VERANO10' }, { type: 'COPY_CODE', example: 'VERANO20' })] },
      TEMPLATE_SUBCODES.invalidButtons,
    ],
    ['quick replies apart', { components: [ok, buttons(quick('Sí'), url('Ver'), quick('No'))] }, TEMPLATE_SUBCODES.invalidButtons],
    ['a button label of 26 characters', { components: [ok, buttons(quick('x'.repeat(26)))] }, TEMPLATE_SUBCODES.characterLimit],
    [
      'a phone number that is not one',
      { components: [ok, buttons({ type: 'PHONE_NUMBER', text: 'Llamar', phone_number: '12-34' })] },
      TEMPLATE_SUBCODES.invalidPhoneNumber,
    ],
    [
      'a media header by media id',
      { components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['1234567890123456'] } }, ok] },
      TEMPLATE_SUBCODES.invalidHeaderHandle,
    ],
  ];

  it.each(cases)('refuses %s', async (_rule, overrides, subcode) => {
    const refused = await failure(whatsapp.createTemplate(WABA, template('regla_de_meta', overrides)));
    expect(refused).toBeInstanceOf(MetaRequestError);
    expect(refused).toMatchObject({
      status: 400,
      code: 100,
      subcode,
      graph: expect.objectContaining({ error_user_title: expect.any(String), error_user_msg: expect.any(String) }),
    });
  });

  it('maps the refusals SPEC §8 names onto our codes 2046, 2047 and 2048', async () => {
    const tooMany = await failure(
      whatsapp.createTemplate(WABA, template('muchas_variables', { components: [body('Hola {{1}} {{2}} chao', ['a', 'b'])] })),
    );
    expect(templateRefusalCode(tooMany)).toBe(TEMPLATE_REFUSAL_CODES.tooManyVariables);
    await whatsapp.createTemplate(WABA, template('nombre_repetido'));
    const taken = await failure(whatsapp.createTemplate(WABA, template('nombre_repetido')));
    expect(taken).toMatchObject({ subcode: TEMPLATE_SUBCODES.nameTaken, userMessage: expect.stringContaining('already es content') });
    expect(templateRefusalCode(taken)).toBe(TEMPLATE_REFUSAL_CODES.nameTaken);
    // The same name in another language is another template.
    await whatsapp.createTemplate(WABA, template('nombre_repetido', { language: 'en_US' }));
    const phone = await failure(
      whatsapp.createTemplate(
        WABA,
        template('telefono_malo', {
          components: [
            body('Llámanos si tienes dudas con tu pedido de hoy.'),
            { type: 'BUTTONS', buttons: [{ type: 'PHONE_NUMBER', text: 'Llamar', phone_number: 'abc' }] },
          ],
        }),
      ),
    );
    expect(templateRefusalCode(phone)).toBe(TEMPLATE_REFUSAL_CODES.invalidPhoneNumber);
    expect(templateRefusalCode(new MetaError('x', 500))).toBeNull();
  });
});

describe('listing', () => {
  it('lists templates newest first, page by page, and by part of their name', async () => {
    for (const name of ['lista_uno', 'lista_dos', 'lista_tres']) await whatsapp.createTemplate(WABA, template(name));
    const first = await whatsapp.templatesPage(WABA, { name: 'lista_', limit: 2 });
    expect(first.templates.map((item) => item.name)).toEqual(['lista_tres', 'lista_dos']);
    expect(first.after).not.toBeNull();
    const second = await whatsapp.templatesPage(WABA, { name: 'lista_', limit: 2, after: first.after! });
    expect(second).toEqual({ templates: [expect.objectContaining({ name: 'lista_uno' })], after: null });
    expect((await whatsapp.templates(WABA, { name: 'lista_dos' })).map((item) => item.name)).toEqual(['lista_dos']);
    expect((await whatsapp.templates(WABA)).length).toBeGreaterThanOrEqual(3);
  });
});

describe('quality', () => {
  it('pauses a RED template for 3 hours, then 6, and disables it the third time', async () => {
    const id = await approved('calidad_baja');
    meta.sandbox.whatsapp.setTemplateQuality(id, 'RED');
    expect(await whatsapp.template(id)).toMatchObject({ status: 'PAUSED', qualityScore: 'RED' });
    const quality = meta.sandbox.whatsapp
      .changes()
      .flatMap(({ change }) =>
        change.field === 'message_template_quality_update' && String(change.value.message_template_id) === id ? [change.value] : [],
      );
    expect(quality).toEqual([
      expect.objectContaining({ previous_quality_score: 'UNKNOWN', new_quality_score: 'RED', message_template_name: 'calidad_baja' }),
    ]);
    meta.sandbox.whatsapp.advance(3 * HOUR - 1000);
    expect((await whatsapp.template(id)).status).toBe('PAUSED');
    meta.sandbox.whatsapp.advance(1000);
    expect((await whatsapp.template(id)).status).toBe('APPROVED');

    meta.sandbox.whatsapp.setTemplateQuality(id, 'RED');
    expect((await whatsapp.template(id)).status).toBe('PAUSED');
    meta.sandbox.whatsapp.advance(3 * HOUR);
    expect((await whatsapp.template(id)).status).toBe('PAUSED');
    meta.sandbox.whatsapp.advance(3 * HOUR);
    expect((await whatsapp.template(id)).status).toBe('APPROVED');

    meta.sandbox.whatsapp.setTemplateQuality(id, 'RED');
    expect((await whatsapp.template(id)).status).toBe('DISABLED');
    expect(statusEvents(id).map((event) => [event.event, event.other_info?.title ?? event.disable_info?.disable_date ?? null])).toEqual([
      ['APPROVED', null],
      ['PAUSED', 'FIRST_PAUSE'],
      ['REINSTATED', null],
      ['PAUSED', 'SECOND_PAUSE'],
      ['REINSTATED', null],
      ['DISABLED', expect.stringMatching(/^\d+$/)],
    ]);
  });

  it('flags a number that turns RED, and unflags it when it recovers', () => {
    meta.sandbox.whatsapp.setPhoneQuality(ids.phoneNumbers.outlet, 'RED');
    meta.sandbox.whatsapp.setPhoneQuality(ids.phoneNumbers.outlet, 'YELLOW');
    const changes = meta.sandbox.whatsapp
      .changes()
      .flatMap(({ change }) => (change.field === 'phone_number_quality_update' ? [change.value] : []));
    expect(changes).toEqual([
      { display_phone_number: '56923456702', event: 'FLAGGED', current_limit: 'TIER_2K' },
      { display_phone_number: '56923456702', event: 'UNFLAGGED', current_limit: 'TIER_2K' },
    ]);
  });
});

describe('editing', () => {
  const newBody = (text: string) => [body(`${text} Hola {{1}}, revisa las novedades de esta semana en la tienda.`, ['Camila'])];

  it('edits only approved, rejected or paused templates, and reviews them again', async () => {
    const { id } = await whatsapp.createTemplate(WABA, template('edicion_pendiente'));
    expect(await failure(whatsapp.editTemplate(id, { components: newBody('Nuevo.') }))).toMatchObject({
      subcode: TEMPLATE_SUBCODES.notEditable,
    });
    review();
    await whatsapp.editTemplate(id, { components: newBody('Nuevo.') });
    expect(await whatsapp.template(id)).toMatchObject({ status: 'PENDING', components: newBody('Nuevo.') });
    review();
    expect((await whatsapp.template(id)).status).toBe('APPROVED');
  });

  it('keeps an approved template’s category, and lets a rejected one change it', async () => {
    const id = await approved('edicion_categoria');
    expect(await failure(whatsapp.editTemplate(id, { category: 'UTILITY' }))).toMatchObject({ subcode: TEMPLATE_SUBCODES.categoryLocked });
    const { id: rejected } = await whatsapp.createTemplate(
      WABA,
      template('edicion_rechazada', { components: [body('Compra ahora mismo #rechazar:INCORRECT_CATEGORY')] }),
    );
    review();
    await whatsapp.editTemplate(rejected, { category: 'UTILITY', components: newBody('Tu pedido.') });
    expect(await whatsapp.template(rejected)).toMatchObject({ status: 'PENDING', category: 'UTILITY', rejectedReason: 'NONE' });
  });

  it('edits an approved template once a day and 10 times in 30 days', async () => {
    const id = await approved('edicion_limites');
    await whatsapp.editTemplate(id, { components: newBody('Edición 1.') });
    review();
    const again = await failure(whatsapp.editTemplate(id, { components: newBody('Otra.') }));
    expect(again).toMatchObject({ subcode: TEMPLATE_SUBCODES.editLimit, userMessage: expect.stringContaining('24 hours') });
    for (let edit = 2; edit <= 10; edit += 1) {
      meta.sandbox.whatsapp.advance(DAY);
      await whatsapp.editTemplate(id, { components: newBody(`Edición ${edit}.`) });
      review();
    }
    meta.sandbox.whatsapp.advance(DAY);
    const eleventh = await failure(whatsapp.editTemplate(id, { components: newBody('Edición 11.') }));
    expect(eleventh).toMatchObject({ subcode: TEMPLATE_SUBCODES.editLimit, userMessage: expect.stringContaining('10 times in 30 days') });
    meta.sandbox.whatsapp.advance(21 * DAY);
    await whatsapp.editTemplate(id, { components: newBody('Edición 11.') });
  });
});

describe('deleting', () => {
  it('deletes a template by name, and keeps the name from being used for 30 days', async () => {
    await whatsapp.createTemplate(WABA, template('borrar_nombre'));
    await whatsapp.deleteTemplate(WABA, { name: 'borrar_nombre' });
    expect(await whatsapp.templates(WABA, { name: 'borrar_nombre' })).toEqual([]);
    const blocked = await failure(whatsapp.createTemplate(WABA, template('borrar_nombre')));
    expect(blocked).toMatchObject({ subcode: TEMPLATE_SUBCODES.nameBeingDeleted, userMessage: expect.stringContaining('4 weeks') });
    expect(templateRefusalCode(blocked)).toBe(TEMPLATE_REFUSAL_CODES.nameTaken);
    meta.sandbox.whatsapp.advance(30 * DAY);
    await whatsapp.createTemplate(WABA, template('borrar_nombre'));
  });

  it('deletes one language by its id, and refuses a name it does not have', async () => {
    const spanish = await whatsapp.createTemplate(WABA, template('borrar_idioma'));
    const english = await whatsapp.createTemplate(WABA, template('borrar_idioma', { language: 'en_US' }));
    await whatsapp.deleteTemplate(WABA, { name: 'borrar_idioma', id: english.id });
    expect((await whatsapp.templates(WABA, { name: 'borrar_idioma' })).map((item) => item.id)).toEqual([spanish.id]);
    expect(await failure(whatsapp.deleteTemplate(WABA, { name: 'no_existe' }))).toMatchObject({
      subcode: TEMPLATE_SUBCODES.templateNotFound,
    });
  });
});
