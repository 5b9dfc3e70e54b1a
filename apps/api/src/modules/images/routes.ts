import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRoute } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { UploadAnswerSchema, UploadBodySchema, type UploadAnswer } from '@resto/contract/backoffice-images';
import { maxUploadBytes, uploadFileNamePattern } from '@resto/domain/images';
import { imageUpload } from '@resto/copy/staff/images';
import type { Database } from '../../db/client.ts';
import { ApiError, success } from '../../http/errors.ts';
import { declare, errorAnswer, routes, security, successAnswer } from '../../http/openapi.ts';
import { requireStaff } from '../staff/index.ts';
import { storeUpload } from './service.ts';

/** The upload route's path under /v2/restaurant; app.ts exempts it (only it) from the 1 MB JSON body limit and the text guard. */
export const uploadPath = /^\/v2\/restaurant\/uploads\/?$/;

/** What a multipart body may add around its file (boundaries, part headers), bytes. */
const multipartOverhead = 64 * 1024;

const uploadRoute = createRoute({
  method: 'post',
  path: '/uploads',
  tags: ['Restaurant : carte'],
  summary: 'Envoyer une photo de plat (propriétaire) : redressée, recadrée en 4:3, 400 et 800 px de large, AVIF et WebP, sans métadonnées.',
  description:
    'Corps multipart/form-data, le fichier dans le champ `file` (10 Mo au plus, compté pendant la réception). Le contenu est lu par sharp quel que soit le Content-Type. `image` est la valeur à mettre dans le plat (le plus grand WebP) ; les fichiers sont servis sous /uploads/ avec un cache d’un an (noms par empreinte du contenu).',
  security: security.staff,
  request: { body: { required: true, content: { 'multipart/form-data': { schema: UploadBodySchema } } } },
  responses: {
    200: successAnswer(UploadAnswerSchema, 'La photo enregistrée et ses fichiers.'),
    400: errorAnswer('Pas une image lisible, trop de pixels, ou pas de champ `file` (image_invalid).'),
    401: errorAnswer('Pas de session de l’espace restaurant (staff_login_required).'),
    403: errorAnswer('Réservé au propriétaire (staff_forbidden), ou requête d’un autre site (cross_site_refused).'),
    413: errorAnswer('Fichier de plus de 10 Mo (image_too_large) ; la connexion est fermée.'),
  },
});

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
 * POST /v2/restaurant/uploads (docs/decisions/023): the owner sends a dish's photo; it is stored
 * under `uploadsDir` (images.ts, storeUpload). Staff members get 403.
 */
export function uploadRoutes(deps: { db: Database; clock: () => Date; uploadsDir: string }) {
  const app = routes();
  declare(app, uploadRoute, async (c) => {
    await requireStaff(c, deps.db, deps.clock(), 'owner');
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
    return success<UploadAnswer>(c, await storeUpload(deps.uploadsDir, new Uint8Array(await file.arrayBuffer())));
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
