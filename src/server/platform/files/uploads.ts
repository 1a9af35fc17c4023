import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { finished, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errors, type HttpError } from '../http/errors.ts';

/*
 * A file sent as a request's whole body (an ad's video weighs up to 300 MB). Nothing reads it before the
 * gate has let the caller in; then it goes straight to a file on disk, never whole into memory, and the
 * reading stops as soon as it passes the most its declared type may weigh. A store sends only a few at
 * once, and each file is removed when its request ends, whatever happened.
 */

/** How an operation that takes a file takes it (registerContract's `uploads`). */
export interface UploadRules {
  /** The most bytes a file may have, by the type it is declared as; a type not listed is refused before a byte is read. */
  maxBytes: Readonly<Record<string, number>>;
  /** The refusal of a declared type not in `maxBytes`. */
  badType: () => HttpError;
  /** The refusal of a file over its type's most: said before reading when the request declares its length, else on passing it. */
  tooLarge: (type: string) => HttpError;
  /** How many files one store may be sending at once; one more is refused (429) until one of them ends. */
  atOnce: number;
}

/** A file received: the type it was declared as, where it waits on disk, and its size in bytes. */
export interface UploadedFile {
  type: string;
  path: string;
  size: number;
}

/** What the upload routes' content-type parser hands on: the declared type and the body, not yet read. */
export interface UnreadBody {
  type: string;
  stream: Readable;
}

/** How long a caller refused for a busy store is told to wait, in seconds. */
const BUSY_RETRY_SECONDS = 5;

export class Uploads {
  /** Files being received, by store (this process's; each process holds its own files). */
  private readonly sending = new Map<number, number>();
  /** The folder, made on the first upload; made again on the next one if making it failed. */
  private folder: Promise<unknown> | undefined;

  constructor(private readonly dir: string) {}

  /**
   * Receives the body as a file and gives it to `use`: the declared type and length are checked first, then
   * one of the store's places is taken; the file is removed and the place given back however `use` ends.
   */
  async receive<T>(
    storeId: number,
    body: UnreadBody,
    declaredLength: number,
    rules: UploadRules,
    use: (file: UploadedFile) => Promise<T>,
  ): Promise<T> {
    const max = Object.hasOwn(rules.maxBytes, body.type) ? rules.maxBytes[body.type]! : undefined;
    if (max === undefined) throw rules.badType();
    if (declaredLength > max) throw rules.tooLarge(body.type);
    const sending = this.sending.get(storeId) ?? 0;
    if (sending >= rules.atOnce) throw errors.uploadsBusy(BUSY_RETRY_SECONDS);
    this.sending.set(storeId, sending + 1);
    const path = join(this.dir, `upload-${randomUUID()}`);
    try {
      this.folder ??= mkdir(this.dir, { recursive: true }).catch((error: unknown) => {
        this.folder = undefined;
        throw error;
      });
      await this.folder;
      const size = await spool(body.stream, path, max, () => rules.tooLarge(body.type));
      return await use({ type: body.type, path, size });
    } finally {
      await rm(path, { force: true });
      const left = (this.sending.get(storeId) ?? 1) - 1;
      if (left > 0) this.sending.set(storeId, left);
      else this.sending.delete(storeId);
    }
  }
}

/**
 * Writes the stream to a new file at `path`, failing with `tooLarge()` once it passes `max` bytes. The
 * request is piped, not handed to `pipeline`, which would destroy it on a refusal and with it the socket
 * the refusal must be answered on; the answer closes the connection instead (registerContract).
 */
async function spool(source: Readable, path: string, max: number, tooLarge: () => Error): Promise<number> {
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > max) done(tooLarge());
      else done(null, chunk);
    },
  });
  // A client that goes away mid-file ends the request without its end.
  const stopWatching = finished(source, (error) => {
    if (error) limit.destroy(errors.uploadIncomplete());
  });
  source.pipe(limit);
  try {
    await pipeline(limit, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    return size;
  } finally {
    stopWatching();
    source.unpipe(limit);
  }
}
