import { describe, expect, it } from 'vitest';
import {
  approvedEditBlockedUntil,
  canAddButton,
  canAddVariable,
  variableAtEdge,
  variableNameFor,
  variablesAllowed,
  variablesTogether,
  variableTypeOf,
  type WhatsappTemplateButton,
  type WhatsappTemplateInput,
  whatsappTemplateInputSchema,
} from '../../src/shared/whatsapp-templates';

const button = (type: WhatsappTemplateButton['type'], fields: Partial<WhatsappTemplateButton> = {}): WhatsappTemplateButton => ({
  type,
  text: 'Ver',
  url: null,
  urlExample: null,
  phoneCountryCode: null,
  phoneNumber: null,
  ...fields,
});

const valid: WhatsappTemplateInput = {
  name: 'carrito_abandonado_2',
  description: 'Recordatorio a las 24 horas',
  category: 'MARKETING',
  header: { format: 'TEXT', text: 'Hola {{client_first_name}}', mediaId: null },
  body: 'Hola {{client_first_name}}, dejaste {{product_name}} en tu carro. Te lo guardamos hasta mañana, aprovecha ahora.',
  footer: 'Café Austral',
  variables: [
    { name: 'client_first_name', type: 'CLIENT_FIRST_NAME', example: 'Camila' },
    { name: 'product_name', type: 'PRODUCT_NAME', example: 'Café de grano 1 kg' },
  ],
  buttons: [
    button('CHECKOUT_URL', { text: 'Terminar compra' }),
    button('PHONE_NUMBER', { phoneCountryCode: '56', phoneNumber: '912345678' }),
  ],
};

const problems = (input: WhatsappTemplateInput) => {
  const result = whatsappTemplateInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('whatsappTemplateInputSchema', () => {
  it('takes a template within every rule', () => {
    expect(problems(valid)).toEqual([]);
  });

  it("refuses a name with Meta's forbidden characters or too long", () => {
    expect(problems({ ...valid, name: 'Carrito Abandonado' })).toEqual(['name: errors.nameInvalid']);
    expect(problems({ ...valid, name: 'a'.repeat(513) })).toEqual(['name: errors.nameTooLong']);
    expect(problems({ ...valid, name: '' })).toContain('name: errors.nameRequired');
  });

  it('asks a text header for its text (one variable at most) and a file header for its file', () => {
    expect(problems({ ...valid, header: { format: 'TEXT', text: null, mediaId: null } })).toEqual([
      'header.text: errors.headerTextRequired',
    ]);
    expect(
      problems({
        ...valid,
        header: { format: 'TEXT', text: 'Hola {{client_first_name}} {{client_last_name}}', mediaId: null },
        variables: [...valid.variables, { name: 'client_last_name', type: 'CLIENT_LAST_NAME', example: 'Rojas' }],
      }),
    ).toEqual(['header.text: errors.headerTooManyVariables']);
    expect(problems({ ...valid, header: { format: 'IMAGE', text: null, mediaId: null } })).toContain(
      'header.mediaId: errors.headerFileRequired',
    );
    expect(problems({ ...valid, header: { format: 'TEXT', text: 'x'.repeat(61), mediaId: null } })).toEqual([
      'header.text: errors.headerTextTooLong',
    ]);
  });

  it('refuses more variables than the body’s words allow (2046)', () => {
    const body = 'Hola {{client_first_name}} {{client_last_name}} {{client_email}} gracias';
    expect(problems({ ...valid, header: { format: 'NONE', text: null, mediaId: null }, body })).toContain('body: errors.tooManyVariables');
  });

  it('refuses a variable used but not declared, or declared but not used', () => {
    expect(problems({ ...valid, variables: valid.variables.slice(1) })).toContain('body: errors.variableUnknown');
    expect(problems({ ...valid, variables: [...valid.variables, { name: 'text_1', type: 'TEXT', example: 'CYBER10' }] })).toContain(
      'variables.2: errors.variableUnused',
    );
  });

  it('checks what each button type needs', () => {
    expect(problems({ ...valid, buttons: [button('URL', { url: 'tienda' })] })).toEqual(['buttons.0.url: errors.urlInvalid']);
    expect(problems({ ...valid, buttons: [button('URL', { url: 'https://cafeaustral.cl/p/{{1}}' })] })).toEqual([
      'buttons.0.urlExample: errors.urlExampleRequired',
    ]);
    expect(problems({ ...valid, buttons: [button('URL', { url: 'https://cafeaustral.cl/p/{{1}}', urlExample: 'cafe' })] })).toEqual([]);
    expect(problems({ ...valid, buttons: [button('WHATSAPP_NUMBER', { phoneCountryCode: '56' })] })).toEqual([
      'buttons.0.phoneNumber: errors.phoneInvalid',
    ]);
    expect(problems({ ...valid, buttons: [button('PHONE_NUMBER', { phoneCountryCode: '56', phoneNumber: '9 1234' })] })).toEqual([
      'buttons.0.phoneNumber: errors.phoneInvalid',
    ]);
  });

  it("keeps to Meta's button counts", () => {
    const url = button('URL', { url: 'https://cafeaustral.cl' });
    expect(problems({ ...valid, buttons: [url, url, button('CHECKOUT_URL')] })).toEqual(['buttons.2.type: errors.buttonTypeLimit']);
    const phone = button('PHONE_NUMBER', { phoneCountryCode: '56', phoneNumber: '912345678' });
    expect(problems({ ...valid, buttons: [phone, phone] })).toEqual(['buttons.1.type: errors.buttonTypeLimit']);
  });
});

describe('variables', () => {
  it('are named by their type, free texts numbered', () => {
    expect(variableNameFor('CLIENT_FIRST_NAME', [])).toBe('client_first_name');
    expect(variableNameFor('TEXT', ['text_1', 'text_3'])).toBe('text_2');
    expect(variableTypeOf('text_12')).toBe('TEXT');
    expect(variableTypeOf('product_price')).toBe('PRODUCT_PRICE');
    expect(variableTypeOf('text')).toBeNull();
  });

  it('fit at 2n + 1 words besides them', () => {
    expect(variablesAllowed('')).toBe(0);
    expect(variablesAllowed('Hola, te esperamos')).toBe(1);
    expect(variablesAllowed('Hola {{client_first_name}}, te esperamos mañana')).toBe(1);
    expect(canAddVariable('Hola {{client_first_name}}, te esperamos mañana')).toBe(false);
    expect(canAddVariable('Hola {{client_first_name}}, te esperamos mañana en la tienda')).toBe(true);
  });

  it("are not at the body's edges nor side by side", () => {
    expect(variableAtEdge('{{client_first_name}}, hola')).toBe(true);
    expect(variableAtEdge('Tu pedido: {{product_name}}.')).toBe(true);
    expect(variableAtEdge('Hola {{client_first_name}}, gracias')).toBe(false);
    expect(variablesTogether('Hola {{client_first_name}} {{client_last_name}}, gracias')).toBe(true);
    expect(variablesTogether('Hola {{client_first_name}} y {{client_last_name}}')).toBe(false);
  });
});

describe('buttons', () => {
  it('are added within their type’s limit, the URL buttons’ and ten in all', () => {
    expect(canAddButton([], 'URL')).toBe(true);
    expect(canAddButton([{ type: 'URL' }, { type: 'CHECKOUT_URL' }], 'REDO_LAST_ORDER_URL')).toBe(false);
    expect(canAddButton([{ type: 'URL' }, { type: 'CHECKOUT_URL' }], 'PHONE_NUMBER')).toBe(true);
    expect(canAddButton([{ type: 'PHONE_NUMBER' }], 'PHONE_NUMBER')).toBe(false);
  });
});

describe('approvedEditBlockedUntil', () => {
  const now = Date.parse('2026-11-20T12:00:00Z');
  it('waits a day after the last edit', () => {
    expect(approvedEditBlockedUntil(['2026-11-20T09:00:00Z'], now)?.toISOString()).toBe('2026-11-21T09:00:00.000Z');
    expect(approvedEditBlockedUntil(['2026-11-19T09:00:00Z'], now)).toBeNull();
  });
  it('waits for the oldest of ten edits in 30 days to leave them', () => {
    const edits = Array.from({ length: 10 }, (_, day) => new Date(Date.parse('2026-11-01T10:00:00Z') + day * 86_400_000));
    expect(approvedEditBlockedUntil(edits, now)?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });
});
