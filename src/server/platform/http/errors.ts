import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../../shared/api/app.gen.ts';

export type ErrorBody = components['schemas']['Error'];
export type FieldError = components['schemas']['FieldError'];

/** The most field errors an answer lists (the contract's `maxItems`): a body with 60,000 unknown keys is not answered with 60,000 lines. */
export const MAX_FIELD_ERRORS = 50;
/** The contract's `maxLength` of an error's `detail`. */
const MAX_DETAIL_LENGTH = 2000;

/** An error the caller caused or may see; anything else becomes a 500 with a generic message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** An outside platform's own words, kept beside the Spanish message (the contract's `detail`). */
    readonly detail?: string,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return {
      message: this.message,
      code: this.code,
      ...(this.fieldErrors?.length ? { fieldErrors: this.fieldErrors } : {}),
      ...(this.detail ? { detail: this.detail.slice(0, MAX_DETAIL_LENGTH) } : {}),
    };
  }
}

export const errors = {
  invalidRequest: (fieldErrors: FieldError[]) =>
    new HttpError(400, 'invalid_request', 'Revisa los datos enviados.', fieldErrors.slice(0, MAX_FIELD_ERRORS)),
  unauthenticated: () => new HttpError(401, 'unauthenticated', 'Inicia sesión para continuar.'),
  invalidCredentials: () => new HttpError(401, 'invalid_credentials', 'Correo o contraseña incorrectos.'),
  csrf: () => new HttpError(403, 'csrf_failed', 'No pudimos verificar el origen de la solicitud. Recarga la página e inténtalo de nuevo.'),
  forbidden: () => new HttpError(403, 'forbidden', 'No tienes permiso para realizar esta acción.'),
  storeNotFound: () => new HttpError(404, 'store_not_found', 'No encontramos esa tienda.'),
  notFound: () => new HttpError(404, 'not_found', 'No encontramos lo que buscas.'),
  subscriptionRequired: () =>
    new HttpError(402, 'subscription_required', 'Activa un plan o tu prueba gratuita para ver los datos de tu tienda.'),
  required: (field: string) => errors.invalidRequest([{ field, message: 'Este campo es obligatorio.' }]),
  tooManyAttempts: (message: string, retryAfterSeconds: number) =>
    new HttpError(429, 'too_many_attempts', message, undefined, { 'retry-after': String(retryAfterSeconds) }),
  uploadsBusy: (retryAfterSeconds: number) =>
    new HttpError(
      429,
      'uploads_busy',
      'Ya se están subiendo otros archivos de esta tienda. Espera a que terminen e inténtalo de nuevo.',
      undefined,
      { 'retry-after': String(retryAfterSeconds) },
    ),
  uploadIncomplete: () => new HttpError(400, 'upload_incomplete', 'El archivo no llegó completo. Inténtalo de nuevo.'),
};

/** Spanish text for the framework's own client errors (malformed JSON, wrong content type, body too large…). */
export function frameworkClientError(statusCode: number, fastifyCode: string | undefined): HttpError {
  switch (statusCode) {
    case 408:
      return new HttpError(408, 'request_timeout', 'La solicitud tardó demasiado en llegar. Inténtalo de nuevo.');
    case 413:
      return new HttpError(413, 'payload_too_large', 'La solicitud es demasiado grande.');
    case 414:
      return new HttpError(414, 'uri_too_long', 'La dirección de la solicitud es demasiado larga.');
    case 415:
      return new HttpError(415, 'unsupported_media_type', 'El formato de la solicitud no es válido: envía JSON.');
    case 404:
      return errors.notFound();
    case 405:
      return new HttpError(405, 'method_not_allowed', 'Esta operación no está permitida aquí.');
    case 431:
      return new HttpError(
        431,
        'headers_too_large',
        'Los encabezados de la solicitud son demasiado grandes. Borra las cookies de este sitio e inténtalo de nuevo.',
      );
    default:
      return new HttpError(
        statusCode,
        fastifyCode?.startsWith('FST_ERR_CTP') ? 'malformed_body' : 'bad_request',
        'La solicitud no es válida: revisa su formato.',
      );
  }
}

/**
 * The router's own refusals (a malformed percent-encoding, a path segment over the length limit),
 * which would otherwise answer in English and echo the address.
 */
export function frameworkErrors(error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): void {
  const known =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? frameworkClientError(414, error.code)
      : new HttpError(400, 'bad_url', 'La dirección de la solicitud no es válida.');
  void reply.code(known.statusCode).send(known.toBody());
}

/**
 * Errors Node's HTTP parser raises before there is a request (headers too large, a request that
 * never finishes, bytes that are not HTTP): answered on the socket in the same Spanish shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(frameworkClientError(status, undefined).toBody());
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy();
}
