import type { components } from '../../shared/api/app.gen.ts';

export type ErrorBody = components['schemas']['Error'];
export type FieldError = components['schemas']['FieldError'];

/** An error the caller caused or may see; anything else becomes a 500 with a generic message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return this.fieldErrors?.length ? { message: this.message, code: this.code, fieldErrors: this.fieldErrors } : { message: this.message, code: this.code };
  }
}

export const errors = {
  invalidRequest: (fieldErrors: FieldError[]) => new HttpError(400, 'invalid_request', 'Revisa los datos enviados.', fieldErrors),
  unauthenticated: () => new HttpError(401, 'unauthenticated', 'Inicia sesión para continuar.'),
  invalidCredentials: () => new HttpError(401, 'invalid_credentials', 'Correo o contraseña incorrectos.'),
  csrf: () => new HttpError(403, 'csrf_failed', 'No pudimos verificar el origen de la solicitud. Recarga la página e inténtalo de nuevo.'),
  forbidden: () => new HttpError(403, 'forbidden', 'No tienes permiso para realizar esta acción.'),
  storeNotFound: () => new HttpError(404, 'store_not_found', 'No encontramos esa tienda.'),
  notFound: () => new HttpError(404, 'not_found', 'No encontramos lo que buscas.'),
  required: (field: string) => errors.invalidRequest([{ field, message: 'Este campo es obligatorio.' }]),
  tooManyAttempts: (message: string, retryAfterSeconds: number) => new HttpError(429, 'too_many_attempts', message, undefined, { 'retry-after': String(retryAfterSeconds) }),
};

/** Spanish text for the framework's own client errors (malformed JSON, wrong content type, body too large…). */
export function frameworkClientError(statusCode: number, fastifyCode: string | undefined): HttpError {
  switch (statusCode) {
    case 413:
      return new HttpError(413, 'payload_too_large', 'La solicitud es demasiado grande.');
    case 415:
      return new HttpError(415, 'unsupported_media_type', 'El formato de la solicitud no es válido: envía JSON.');
    case 404:
      return errors.notFound();
    case 405:
      return new HttpError(405, 'method_not_allowed', 'Esta operación no está permitida aquí.');
    default:
      return new HttpError(statusCode, fastifyCode === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fastifyCode?.startsWith('FST_ERR_CTP') ? 'malformed_body' : 'bad_request', 'La solicitud no es válida: revisa su formato.');
  }
}
