import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { uploadDishImage } from '@resto/contract/images.routes';
import { maxUploadBytes, uploadFileNamePattern } from '@resto/domain/images';
import { imageUpload } from '@resto/copy/staff/images';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import { staffAuthenticator } from '../staff/index.ts';
import { storeUpload } from './service.ts';

/** The upload route's path under /v2/restaurant; app.ts exempts it (only it) from the 1 MB JSON body limit and the text guard. */
export const uploadPath = /^\/v2\/restaurant\/uploads\/?$/;

/** What a multipart body may add around its file (boundaries, part headers), bytes. */
const multipartOverhead = 64 * 1024;

function tooLarge(): ApiError {
  return new ApiError('image_too_large', imageUpload.tooLarge, [{ path: 'file', message: imageUpload.tooLarge }]).withHeaders({
    Connection: 'close',
  });
}

/**
 * Reads the request's body, counting bytes as they arrive: past `limit` the reading stops and the
 * upload is refused (413, connection closed) without holding more than `limit` bytes in memory.
 */
async function readBodyLimited(c: Context, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(c.req.header('Content-Length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * POST /v2/restaurant/uploads (docs/decisions/023), declared in packages/contract/src/images.routes.ts:
 * the owner sends a dish's photo; it is stored under `uploadsDir` (images.ts, storeUpload). Staff
 * members get 403. The guard runs before the body is read; the multipart body is read here,
 * its bytes counted as they arrive (readBodyLimited), never by a validator.
 */
export function uploadRoutes(deps: { db: Database; clock: () => Date; uploadsDir: string }) {
  const app = routes({ authenticateStaff: staffAuthenticator(deps.db, deps.clock) });
  serve(app, uploadDishImage, async (c) => {
    const bytes = await readBodyLimited(c, maxUploadBytes + multipartOverhead);
    let file: File | string | null = null;
    try {
      const form = await new Request('http://upload.local/', {
        method: 'POST',
        headers: { 'Content-Type': c.req.header('Content-Type') ?? '' },
        body: bytes,
      }).formData();
      file = form.get('file');
    } catch {
      file = null;
    }
    if (!file || typeof file === 'string')
      throw new ApiError('image_invalid', imageUpload.missingFile, [{ path: 'file', message: imageUpload.missingFile }]);
    if (file.size > maxUploadBytes) throw tooLarge();
    return ok(c, await storeUpload(deps.uploadsDir, new Uint8Array(await file.arrayBuffer())));
  });
  return app;
}

const contentTypes: Record<string, string> = { webp: 'image/webp', avif: 'image/avif' };

/**
 * GET /uploads/<hash>-<width>.<webp|avif>: the files of uploadRoutes, from `uploadsDir`. Names are
 * content hashes, so a file never changes: cached a year, immutable. Any other name (a folder, a
 * `..`, an encoded slash) or method is a 404, never a read outside the folder. A middleware for
 * `/uploads/*` that always answers: these files are not API routes (not in the OpenAPI document).
 */
export function uploadedFiles(uploadsDir: string): MiddlewareHandler {
  const notFound = (c: Context) => c.text('Introuvable', 404, { 'Cache-Control': 'no-store' });
  return async (c) => {
    const name = c.req.path.slice('/uploads/'.length);
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || !uploadFileNamePattern.test(name)) return notFound(c);
    let data: Buffer;
    try {
      data = await readFile(join(uploadsDir, name));
    } catch {
      return notFound(c);
    }
    return c.body(new Uint8Array(data), 200, {
      'Content-Type': contentTypes[name.slice(name.lastIndexOf('.') + 1)]!,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  };
}
