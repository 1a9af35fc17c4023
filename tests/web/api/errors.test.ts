import { describe, expect, it } from 'vitest';
import { ApiError, describeApiError, failureCauseOf, lastNameIn, networkError, serverFieldErrorsOf } from '../../../src/web/api/errors';

const texts = { failed: 'No pudimos guardar.', network: 'Revisa tu conexión.' };
const refused = (status: number, message = 'Esa persona ya es parte de la tienda.', fieldErrors?: { field: string; message: string }[]) =>
  new ApiError(status, { message, code: 'refused', ...(fieldErrors ? { fieldErrors } : {}) });

describe('describeApiError', () => {
  it("gives the server's words for a refusal, and ours for a server error", () => {
    expect(describeApiError(refused(409), texts)).toMatchObject({
      status: 409,
      message: 'Esa persona ya es parte de la tienda.',
      fromServer: true,
    });
    expect(describeApiError(refused(500, 'Ocurrió un error inesperado.'), texts)).toMatchObject({
      status: 500,
      message: 'No pudimos guardar.',
      fromServer: false,
    });
  });

  it('says the connection failed when no answer came, or that it failed when there is no network text', () => {
    expect(describeApiError(networkError(new TypeError('Failed to fetch')), texts)).toMatchObject({
      status: 0,
      message: 'Revisa tu conexión.',
    });
    expect(describeApiError(networkError(new TypeError('Failed to fetch')), { failed: 'No pudimos guardar.' }).message).toBe(
      'No pudimos guardar.',
    );
  });

  it("uses the screen's words for the statuses it names, over the server's", () => {
    const described = describeApiError(refused(401, 'Correo o contraseña incorrectos.'), {
      ...texts,
      statuses: { 401: 'Revisa tu correo y contraseña.' },
    });
    expect(described).toMatchObject({ message: 'Revisa tu correo y contraseña.', fromServer: false });
  });

  it('shows server errors too when asked for any answer, and only the listed statuses when given a list', () => {
    expect(describeApiError(refused(500, 'Ocurrió un error inesperado.'), { ...texts, serverMessages: 'any' }).message).toBe(
      'Ocurrió un error inesperado.',
    );
    expect(describeApiError(refused(429, 'Demasiados intentos.'), { ...texts, serverMessages: [403, 429] }).message).toBe(
      'Demasiados intentos.',
    );
    expect(describeApiError(refused(400, 'Revisa los datos enviados.'), { ...texts, serverMessages: [403, 429] }).message).toBe(
      'No pudimos guardar.',
    );
  });

  it('falls back to our words for a failure that was not a call', () => {
    expect(describeApiError(new Error('boom'), texts)).toEqual({
      status: undefined,
      message: 'No pudimos guardar.',
      fromServer: false,
    });
  });
});

describe('serverFieldErrorsOf', () => {
  const fieldRefusal = refused(400, 'Revisa los datos enviados.', [
    { field: 'store.url', message: 'Usa una dirección válida.' },
    { field: 'store.url', message: 'Es demasiado larga.' },
    { field: 'shopifySettings.accessToken', message: 'Shopify no aceptó el token.' },
    { field: 'store.plan', message: 'Elige un plan.' },
  ]);

  it('keys field messages by the path the server names, the first one per field', () => {
    expect(serverFieldErrorsOf(fieldRefusal)).toEqual({
      'store.url': 'Usa una dirección válida.',
      'shopifySettings.accessToken': 'Shopify no aceptó el token.',
      'store.plan': 'Elige un plan.',
    });
  });

  it("keys them by the form's fields the last part of each path names, leaving out the others", () => {
    expect(serverFieldErrorsOf(fieldRefusal, lastNameIn(['url', 'accessToken']))).toEqual({
      url: 'Usa una dirección válida.',
      accessToken: 'Shopify no aceptó el token.',
    });
  });

  it('reads an error body an answer carried, and finds none in a failure that was not a call', () => {
    expect(serverFieldErrorsOf(fieldRefusal.body, lastNameIn(['plan']))).toEqual({ plan: 'Elige un plan.' });
    expect(serverFieldErrorsOf(new Error('boom'))).toEqual({});
  });
});

describe('failureCauseOf', () => {
  it('blames the connection when no answer came back', () => {
    expect(failureCauseOf(networkError(new TypeError('Failed to fetch')))).toBe('network');
    expect(failureCauseOf(networkError(new DOMException('The operation timed out.', 'TimeoutError')))).toBe('network');
    expect(failureCauseOf(new ApiError(0, undefined, 'CONNECTION_ERROR'))).toBe('network');
    expect(failureCauseOf(new ApiError(0))).toBe('network');
  });

  it('blames our side for an error status, a cancellation or a failure that was not a call', () => {
    expect(failureCauseOf(new ApiError(500))).toBe('server');
    expect(failureCauseOf(new ApiError(503))).toBe('server');
    expect(failureCauseOf(refused(404))).toBe('server');
    expect(failureCauseOf(networkError(new DOMException('The user aborted a request.', 'AbortError')))).toBe('server');
    expect(failureCauseOf(new TypeError('Cannot read properties of undefined'))).toBe('server');
    expect(failureCauseOf(undefined)).toBe('server');
  });
});
