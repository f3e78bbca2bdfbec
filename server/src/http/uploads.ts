import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { basename, extname } from 'node:path';
import type { Db, Tx } from '../db/client';
import { storedFiles } from '../db/schema';
import { fileType, IMAGE_TYPES } from '../db/stored-files';
import { HttpError, invalid } from './errors';
import { unwrapJsonField } from './json-field';

/**
 * Image uploads (the company logo, pictures): multipart reading, a check of the bytes
 * themselves (a renamed .exe is not a PNG), and the files themselves in the database's `archivos`,
 * written in the same transaction as the record that points at them (decisions §several-processes).
 */

export const MALFORMED_MULTIPART = 'El formulario enviado está incompleto o dañado';
export const BODY_TOO_LARGE = 'El contenido enviado es demasiado grande';

/** Per-part limits for `@fastify/multipart`: one picture and a few short text fields. */
export const MULTIPART_LIMITS = {
  fileSize: 2 * 1024 * 1024,
  files: 1,
  fieldSize: 64 * 1024,
  fields: 10,
  parts: 12,
};
/** The whole body: the picture, its fields and the multipart framing around them. */
export const MULTIPART_BODY_LIMIT = MULTIPART_LIMITS.fileSize + 512 * 1024;

const PART_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

export interface MultipartBody {
  /** The text fields, with the `json` field unwrapped as for JSON bodies. */
  fields: Record<string, unknown>;
  /** The named file fields that carried bytes (an empty file input sends none). */
  files: Map<string, Buffer>;
}

export interface ReadOptions {
  /** The file fields the route accepts; others are read and dropped. */
  fileFields: readonly string[];
  /** Answer for a file over the multipart limit registered in app.ts. */
  tooLarge: string;
  /** A larger file than MULTIPART_LIMITS allows, for this route alone (a data import). */
  maxFileSize?: number;
}

/**
 * The body of a route that takes `multipart/form-data` with a `json` field and files, or a plain
 * JSON body (already unwrapped by the preValidation hook) without files.
 */
export async function readMultipart(
  request: FastifyRequest,
  { fileFields, tooLarge, maxFileSize = MULTIPART_LIMITS.fileSize }: ReadOptions,
): Promise<MultipartBody> {
  const files = new Map<string, Buffer>();
  if (!request.isMultipart()) {
    const body = request.body;
    const fields =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    return { fields, files };
  }
  const tooLargeBody = new HttpError(413, BODY_TOO_LARGE);
  // A declared length says it before a byte is read; a chunked body is counted as it comes.
  const bodyLimit = MULTIPART_BODY_LIMIT - MULTIPART_LIMITS.fileSize + maxFileSize;
  if (Number(request.headers['content-length']) > bodyLimit) throw tooLargeBody;
  const raw: Record<string, unknown> = {};
  let received = 0;
  try {
    for await (const part of request.parts({
      limits: { ...MULTIPART_LIMITS, fileSize: maxFileSize },
    })) {
      if (part.type === 'file') {
        // Every file stream must be consumed, or the request never ends.
        const bytes = await part.toBuffer();
        received += bytes.length;
        if (fileFields.includes(part.fieldname) && bytes.length > 0) {
          files.set(part.fieldname, bytes);
        }
      } else {
        if (part.valueTruncated) throw tooLargeBody;
        received += String(part.value).length;
        raw[part.fieldname] = part.value;
      }
      if (received > bodyLimit) throw tooLargeBody;
    }
  } catch (error) {
    if (error === tooLargeBody || PART_LIMIT_CODES.has((error as FastifyError).code)) {
      throw tooLargeBody;
    }
    if ((error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(
        413,
        tooLarge,
        Object.fromEntries(fileFields.map((f) => [f, [tooLarge]])),
      );
    }
    // Anything else the parser meets (no boundary, a body cut short) is the client's doing.
    throw new HttpError(422, MALFORMED_MULTIPART);
  }
  return { fields: unwrapJsonField(raw) as Record<string, unknown>, files };
}

/**
 * The most pixels an image may have: a photo of a 40 MP camera. A few KB of PNG can declare
 * 100 000 × 100 000 pixels, which every browser showing it would have to decode.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const IMAGE_TOO_LARGE =
  'La imagen tiene demasiados píxeles: como máximo 40 megapíxeles (por ejemplo, 8000 × 5000)';

/**
 * The image's extension by its content (png, jpg, gif, webp), or a 422 on `field`: `message`
 * when it is no such image, IMAGE_TOO_LARGE when its header declares too many pixels.
 */
export async function imageExtension(bytes: Buffer, field: string, message: string) {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(type.ext in IMAGE_TYPES)) throw invalid(field, message);
  let size: { width: number; height: number };
  try {
    // Read from the header alone: nothing is decoded.
    size = imageSize(bytes);
  } catch {
    throw invalid(field, message);
  }
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw invalid(field, IMAGE_TOO_LARGE);
  return type.ext;
}

/** Stores the bytes as `nombre`, in the caller's transaction. */
export async function storeFile(executor: Db | Tx, nombre: string, bytes: Uint8Array) {
  await executor.insert(storedFiles).values({ nombre, tipo: fileType(nombre), datos: bytes });
}

/** Stores the bytes under a new random name, in the caller's transaction, and returns it. */
export async function storeUpload(executor: Db | Tx, prefix: string, ext: string, bytes: Buffer) {
  const nombre = `${prefix}-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.${ext}`;
  await storeFile(executor, nombre, bytes);
  return nombre;
}

/** Drops a stored file the records no longer point at; an unknown name is no error. */
export async function removeUpload(executor: Db | Tx, name: string | null | undefined) {
  if (!name) return;
  await executor.delete(storedFiles).where(eq(storedFiles.nombre, basename(name)));
}

/** A stored name's version: it changes with every upload, so it can bust caches. */
export function uploadVersion(name: string) {
  return basename(name, extname(name));
}

/** A stored file's content type and bytes, or undefined for an unknown name. */
export async function readUpload(db: Db, nombre: string) {
  const [file] = await db
    .select({ tipo: storedFiles.tipo, datos: storedFiles.datos })
    .from(storedFiles)
    .where(eq(storedFiles.nombre, nombre));
  if (!file) return undefined;
  const { buffer, byteOffset, byteLength } = file.datos;
  return { tipo: file.tipo, bytes: Buffer.from(buffer, byteOffset, byteLength) };
}

/**
 * Sends a stored image with its type. Revalidated on each use (ETag), except when the address
 * carries the current version (`?v=`): that address never changes content, so it is cached.
 */
export async function sendUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  name: string,
  notFound: () => Error,
) {
  const safe = basename(name);
  const file = await readUpload(db, safe);
  if (!file) throw notFound();
  const version = uploadVersion(safe);
  const etag = `"${version}"`;
  const query = request.query as { v?: unknown } | undefined;
  void reply
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    // Private: photos and vaccine proofs are personal data no shared proxy may keep.
    .header(
      'cache-control',
      query?.v === version ? 'private, max-age=31536000, immutable' : 'no-cache',
    );
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type(file.tipo).send(file.bytes);
}
