import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loginRequestSchema, newPasswordFormSchema, signupRequestSchema } from '../../src/shared/auth';
import { shopifySettingsSchema } from '../../src/shared/shopify-settings';
import auth from '../../src/web/i18n/es/auth.json';
import integrations from '../../src/web/i18n/es/integrations.json';

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  (result.error?.issues ?? []).filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);

const signup = (name: string) => signupRequestSchema.safeParse({ name, email: 'camila@tienda.cl', password: 'secreta123' });
const store = (overrides: Record<string, string>) =>
  shopifySettingsSchema.safeParse({ name: 'Almacén Ñuñoa', url: 'tienda.myshopify.com', accessToken: 'shpat_0123abcd', ...overrides });

describe('control characters in the forms', () => {
  it('are refused in names and passwords, while accents and ñ pass', () => {
    for (const name of ['Camila\u0000Soto', 'Camila\tSoto', 'Camila\nSoto', 'Camila\u007f']) {
      expect(messagesOf(signup(name), 'name')).toContain('errors.controlCharacters');
    }
    expect(signup('Begoña Muñoz Íñiguez').success).toBe(true);
    expect(messagesOf(loginRequestSchema.safeParse({ email: 'demo@recompra.cl', password: 'secreta\u0000' }), 'password')).toEqual([
      'errors.controlCharacters',
    ]);
    expect(messagesOf(newPasswordFormSchema.safeParse({ password: 'secreta123\u0001' }), 'password')).toEqual(['errors.controlCharacters']);
  });

  it('make an email invalid, as the contract says', () => {
    const result = loginRequestSchema.safeParse({ email: 'demo\u0000@recompra.cl', password: 'secreta' });
    expect(messagesOf(result, 'email')).toEqual(['errors.emailInvalid']);
  });

  it('are refused in the store name and address, and the token takes visible ASCII only', () => {
    expect(messagesOf(store({ name: 'Almacén\u0000' }), 'name')).toEqual(['storeForm.errors.controlCharacters']);
    expect(messagesOf(store({ url: 'tienda.myshopify.com\u0007' }), 'url')).toEqual(['storeForm.errors.controlCharacters']);
    for (const accessToken of ['shpat_contraseña', 'shpat_a b', 'shpat_\u0000']) {
      expect(messagesOf(store({ accessToken }), 'accessToken')).toEqual(['storeForm.errors.accessTokenInvalid']);
    }
    // Pasted with spaces around it, the token is trimmed before it is checked and sent.
    expect(store({ accessToken: '  shpat_0123abcd\n' }).data?.accessToken).toBe('shpat_0123abcd');
  });

  it('say what the contracts say', () => {
    // Vitest runs from the repository's root.
    const contract = (file: string) => parse(readFileSync(join(process.cwd(), 'openapi', file), 'utf8'));
    const app = contract('app.yaml');
    const backend = contract('backend.yaml');
    const refusal = app.components.schemas.ControlCharacters['x-message'];
    expect(backend.components.schemas.ControlCharacters['x-message']).toBe(refusal);
    expect(auth.errors.controlCharacters).toBe(refusal);
    expect(integrations.storeForm.errors.controlCharacters).toBe(refusal);
    expect(integrations.storeForm.errors.accessTokenInvalid).toBe(
      backend.components.schemas.ShopifySettings.properties.accessToken.allOf[0]['x-message'],
    );
  });
});
