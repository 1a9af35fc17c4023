import { describe, expect, it } from 'vitest';
import {
  templateInvalidPhoneError,
  templateNameTakenError,
  templateRefusedError,
  templateTooManyVariablesError,
  whatsappNotConnectedError,
} from '../../../../mocks/fixtures/whatsapp-templates';
import { ApiError } from '../../../../src/web/api/errors';
import {
  bodyOf,
  EMPTY_TEMPLATE_FORM,
  emptyButton,
  type TemplateFormValues,
  templateFormSchema,
} from '../../../../src/web/features/whatsapp/forms/template-form';
import { templateSaveFailureOf, templateServerErrorsOf } from '../../../../src/web/features/whatsapp/routes/template-form-route';

const filled: TemplateFormValues = {
  ...EMPTY_TEMPLATE_FORM,
  name: 'carrito_abandonado',
  category: 'MARKETING',
  header: { format: 'IMAGE', text: 'ignored', file: { name: 'a.jpg', size: 10, upload: { state: 'uploaded', mediaId: 7 } } },
  body: 'Hola {{client_first_name}}, dejaste algo en tu carro. Te lo guardamos hasta mañana, aprovecha.',
  footer: '  ',
  variables: [
    { name: 'client_first_name', type: 'CLIENT_FIRST_NAME', example: 'Camila' },
    { name: 'text_1', type: 'TEXT', example: 'ya no está en el texto' },
  ],
  buttons: [
    { ...emptyButton('URL'), text: 'Ver', url: 'https://cafeaustral.cl/p/{{1}}', urlExample: 'cafe', phoneNumber: '99' },
    { ...emptyButton('CHECKOUT_URL'), text: 'Comprar', url: 'https://otra.cl' },
  ],
};

describe('bodyOf', () => {
  it("sends only what each part's type uses, and only the variables the texts still hold", () => {
    const body = bodyOf(filled);
    expect(body.header).toEqual({ format: 'IMAGE', text: null, mediaId: 7 });
    expect(body.footer).toBeNull();
    expect(body.variables.map((variable) => variable.name)).toEqual(['client_first_name']);
    expect(body.buttons[0]).toMatchObject({ url: 'https://cafeaustral.cl/p/{{1}}', urlExample: 'cafe', phoneNumber: null });
    expect(body.buttons[1]).toMatchObject({ url: null, urlExample: null, phoneCountryCode: null });
    expect(body).not.toHaveProperty('description');
  });
});

describe('templateFormSchema', () => {
  it('gives the body the server takes', () => {
    const result = templateFormSchema.safeParse(filled);
    expect(result.success).toBe(true);
  });

  it('waits for a header file still uploading, on the file', () => {
    const result = templateFormSchema.safeParse({
      ...filled,
      header: { format: 'VIDEO', text: '', file: { name: 'v.mp4', size: 10, upload: { state: 'uploading' } } },
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([
      'header.file',
      'errors.headerFileUploading',
    ]);
  });
});

describe('a refused save', () => {
  const t = (key: string) => `«${key}»`;
  it('puts 2046, 2047 and 2048 on their fields', () => {
    expect(templateServerErrorsOf(new ApiError(422, templateTooManyVariablesError), t)).toMatchObject({ body: expect.any(String) });
    expect(templateServerErrorsOf(new ApiError(409, templateNameTakenError), t)).toEqual({
      name: 'Ya existe una plantilla con ese nombre. Elige otro.',
    });
    expect(templateServerErrorsOf(new ApiError(422, templateInvalidPhoneError), t)).toEqual({
      'buttons.0.phoneNumber': templateInvalidPhoneError.fieldErrors?.[0]?.message,
    });
    // Without the server's field errors, in the form's words.
    expect(templateServerErrorsOf(new ApiError(422, { message: 'x', code: 'template_too_many_variables' }), t)).toEqual({
      body: '«errors.tooManyVariables»',
    });
    expect(templateSaveFailureOf(new ApiError(409, templateNameTakenError))).toEqual({ kind: 'fields' });
  });

  it("appends Meta's message to the creation error, and tells the rest apart", () => {
    expect(templateSaveFailureOf(new ApiError(422, templateRefusedError))).toEqual({
      kind: 'refused',
      message: templateRefusedError.message,
    });
    expect(templateSaveFailureOf(new ApiError(409, whatsappNotConnectedError))).toEqual({ kind: 'notConnected' });
    expect(templateSaveFailureOf(new ApiError(0))).toEqual({ kind: 'network' });
    expect(templateSaveFailureOf(new ApiError(502, { message: 'Meta no respondió.', code: 'bad_gateway' }))).toEqual({ kind: 'other' });
    expect(templateSaveFailureOf(null)).toBeNull();
  });
});
