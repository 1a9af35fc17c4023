import { describe, expect, it } from 'vitest';
import { templateMessageText } from '../../src/shared/whatsapp-campaigns';

describe('the text a template message shows', () => {
  const values = { client_first_name: 'Ana', text_1: '20%' };

  it('is the body with its values in place', () => {
    expect(
      templateMessageText({ headerFormat: 'NONE', headerText: null, body: 'Hola {{client_first_name}}, {{text_1}} menos.' }, values),
    ).toBe('Hola Ana, 20% menos.');
  });

  it('begins with a text header, a blank line before the body', () => {
    expect(
      templateMessageText({ headerFormat: 'TEXT', headerText: 'Para {{client_first_name}}', body: 'Solo hoy: {{text_1}}.' }, values),
    ).toBe('Para Ana\n\nSolo hoy: 20%.');
  });

  it('leaves out a media header, which has no text, and a variable it has no value for stays as written', () => {
    expect(templateMessageText({ headerFormat: 'IMAGE', headerText: 'ignorado', body: 'Hola {{otro}}' }, values)).toBe('Hola {{otro}}');
  });
});
