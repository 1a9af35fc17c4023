import { parseGraphTime } from './clock.ts';
import { enumParameter, invalidParameter, requiredParameter } from './errors.ts';

/*
 * A call's parameters as Graph reads them, wherever they came from (query, form, multipart or JSON
 * body). Graph decodes each value as JSON when it is JSON, so Meta's curl examples may quote strings
 * (`-F 'status="PAUSED"'`) or not, and send nested specs (targeting, payload) as JSON text.
 */

/** A file of a multipart body. */
export interface UploadedFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** What the sandbox's multipart/form-data parser hands over. */
export class MultipartBody {
  constructor(
    readonly fields: URLSearchParams,
    readonly files: Map<string, UploadedFile>,
  ) {}
}

/** A multipart body read with the platform's own parser (the one behind `Response.formData()`). */
export async function parseMultipart(contentType: string, body: Buffer): Promise<MultipartBody> {
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  const fields = new URLSearchParams();
  const files = new Map<string, UploadedFile>();
  for (const [name, value] of form)
    if (typeof value === 'string') fields.append(name, value);
    else files.set(name, { filename: value.name, contentType: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
  return new MultipartBody(fields, files);
}

function decoded(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export class GraphParams {
  constructor(
    private readonly values: ReadonlyMap<string, string>,
    readonly files: ReadonlyMap<string, UploadedFile> = new Map(),
  ) {}

  has(name: string): boolean {
    return this.values.has(name) && this.values.get(name) !== '';
  }

  /** The raw text as sent. */
  raw(name: string): string | undefined {
    return this.values.get(name);
  }

  /** A string value: a JSON string literal decoded, anything else as sent. */
  text(name: string): string | undefined {
    const raw = this.values.get(name);
    if (raw === undefined) return undefined;
    const value = decoded(raw);
    return typeof value === 'string' ? value : raw;
  }

  requiredText(name: string): string {
    const value = this.text(name)?.trim();
    if (!value) throw requiredParameter(name);
    return value;
  }

  /** A JSON value (object or array); undefined when absent. */
  json(name: string): unknown {
    const raw = this.values.get(name);
    if (raw === undefined || raw === '') return undefined;
    const value = decoded(raw);
    if (typeof value !== 'object' || value === null) throw invalidParameter(`Param ${name} must be a JSON object or array`);
    return value;
  }

  /** A whole number (Graph takes `5000` or `"5000"`); undefined when absent. */
  integer(name: string): number | undefined {
    const raw = this.text(name);
    if (raw === undefined || raw === '') return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value)) throw invalidParameter(`Param ${name} must be an integer`);
    return value;
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (!(values as readonly string[]).includes(value)) throw enumParameter(name, values);
    return value as T;
  }

  requiredOneOf<T extends string>(name: string, values: readonly T[]): T {
    const value = this.oneOf(name, values);
    if (value === undefined) throw requiredParameter(name);
    return value;
  }

  /** A time in ms; `0` means none (Meta's way to clear an end time), so null. Undefined when absent. */
  time(name: string): number | null | undefined {
    const raw = this.text(name);
    if (raw === undefined || raw === '') return undefined;
    if (raw.trim() === '0') return null;
    const ms = parseGraphTime(raw);
    if (ms === null) throw invalidParameter(`Param ${name} must be a valid date and time`);
    return ms;
  }
}
