import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { UploadAnswer } from '@resto/contract/backoffice-images';
import { imageUpload } from '@resto/copy/staff/images';
import { staffAnswers } from '@resto/copy/staff/team';
import { errorOf, looksFrench, payloadOf, request, startTestServer, type TestServer } from '../../test/harness.ts';
import { bombPng, photoLikeJpeg } from '../../test/photo.ts';
import { createTestStaff, type TestStaff } from '../../test/staff.ts';

/** POST /v2/restaurant/uploads and GET /uploads/* (docs/decisions/023) over real HTTP, real sharp, real files. */

let server: TestServer;
let owner: TestStaff;
let staff: TestStaff;
let photo: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createTestStaff(server.db, { role: 'owner' });
  staff = await createTestStaff(server.db, { role: 'staff' });
  photo = await photoLikeJpeg(4000, 3000);
}, 60_000);
afterAll(() => server?.close());

function upload(cookie: string | null, bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return request<UploadAnswer>(server.baseUrl, '/v2/restaurant/uploads', { method: 'POST', body: form, headers: cookie ? { Cookie: cookie } : {} });
}

const filesWritten = () => readdir(server.deps.uploadsDir).catch(() => [] as string[]);

describe('POST /v2/restaurant/uploads', () => {
  test('a 4000×3000 photo: 400 and 800 px wide, 4:3, AVIF and WebP, named by content hash, the 800 WebP under 80 KB', async () => {
    const answer = payloadOf(await upload(owner.cookie, photo));
    expect(answer.image).toMatch(/^\/uploads\/[a-f0-9]{32}-800\.webp$/);
    const hash = /([a-f0-9]{32})/.exec(answer.image)![1];
    expect(answer.variants.map((v) => [v.path, v.width, v.height, v.format]).sort()).toEqual(
      [
        [`/uploads/${hash}-400.avif`, 400, 300, 'avif'],
        [`/uploads/${hash}-400.webp`, 400, 300, 'webp'],
        [`/uploads/${hash}-800.avif`, 800, 600, 'avif'],
        [`/uploads/${hash}-800.webp`, 800, 600, 'webp'],
      ].sort(),
    );
    const files = await filesWritten();
    expect(files.sort()).toEqual([`${hash}-400.avif`, `${hash}-400.webp`, `${hash}-800.avif`, `${hash}-800.webp`]);
    for (const variant of answer.variants) {
      const meta = await sharp(join(server.deps.uploadsDir, variant.path.slice('/uploads/'.length))).metadata();
      expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(variant.format);
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(meta.exif).toBeUndefined();
    }
    const card = answer.variants.find((v) => v.path.endsWith('-800.webp'))!;
    expect(card.bytes).toBeLessThan(80 * 1024);
    expect(card.bytes).toBeGreaterThan(1000); // a real photo, not an empty file

    // The same photo again: the same names, nothing added.
    expect(payloadOf(await upload(owner.cookie, photo)).image).toBe(answer.image);
    expect((await filesWritten()).length).toBe(4);
  }, 60_000);

  test('served under /uploads with a year of immutable cache and the right Content-Type', async () => {
    const answer = payloadOf(await upload(owner.cookie, photo));
    for (const variant of answer.variants) {
      const response = await fetch(`${server.baseUrl}${variant.path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(variant.format === 'avif' ? 'image/avif' : 'image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await response.arrayBuffer()).byteLength).toBe(variant.bytes);
    }
  }, 60_000);

  test.each([
    '/uploads/..%2F..%2Fetc%2Fpasswd',
    '/uploads/../package.json',
    '/uploads/%2e%2e/package.json',
    '/uploads/',
    '/uploads/00000000000000000000000000000000-800.webp',
    '/uploads/00000000000000000000000000000000-800.webp.tmp-abc',
    '/uploads/a/b.webp',
  ])('GET %s: 404, nothing read outside the folder', async (path) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
  });

  test('a photo taken sideways (EXIF orientation 6) is turned upright, and its metadata dropped', async () => {
    const sideways = await photoLikeJpeg(800, 600, { orientation: 6 });
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const answer = payloadOf(await upload(owner.cookie, sideways));
    // Upright it is 600×800 (portrait): cropped to 4:3 it is 600×450 at most, never enlarged.
    const large = answer.variants.find((v) => v.path.endsWith('-800.webp'))!;
    expect([large.width, large.height]).toEqual([600, 450]);
    const meta = await sharp(join(server.deps.uploadsDir, large.path.slice('/uploads/'.length))).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  }, 30_000);

  test('40 MB: 413 image_too_large in French, connection closed, nothing written', async () => {
    const before = await filesWritten();
    const answer = await upload(owner.cookie, new Uint8Array(40 * 1024 * 1024).fill(0xff));
    expect(answer.status).toBe(413);
    expect(errorOf(answer)).toMatchObject({ code: 'image_too_large', message: imageUpload.tooLarge, errors: [{ path: 'file' }] });
    expect(answer.headers.get('connection')).toBe('close');
    expect(await filesWritten()).toEqual(before);
  }, 30_000);

  test('a text file named .jpg and sent as image/jpeg: 400 image_invalid, nothing written', async () => {
    const before = await filesWritten();
    const answer = await upload(owner.cookie, new TextEncoder().encode('Ceci n’est pas une image.\n'.repeat(100)), 'photo.jpg', 'image/jpeg');
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({
      code: 'image_invalid',
      message: imageUpload.invalid,
      errors: [{ path: 'file', message: imageUpload.invalid }],
    });
    expect(looksFrench(errorOf(answer).message)).toBe(true);
    expect(await filesWritten()).toEqual(before);
  });

  test('a decompression bomb (a PNG declaring 20,000 × 20,000 pixels): 400 before decoding, nothing written', async () => {
    const before = await filesWritten();
    const answer = await upload(owner.cookie, bombPng(20_000, 20_000), 'bombe.png', 'image/png');
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({ code: 'image_invalid', message: imageUpload.tooManyPixels });
    expect(await filesWritten()).toEqual(before);
  });

  test('no `file` field: 400 image_invalid', async () => {
    const form = new FormData();
    form.append('photo', 'rien');
    const answer = await request(server.baseUrl, '/v2/restaurant/uploads', { method: 'POST', body: form, headers: { Cookie: owner.cookie } });
    expect(errorOf(answer)).toMatchObject({ code: 'image_invalid', message: imageUpload.missingFile });
  });

  test('a staff member (not owner) may not upload: 403; without a session: 401; nothing written', async () => {
    const before = await filesWritten();
    const small = await photoLikeJpeg(640, 480);
    const forbidden = await upload(staff.cookie, small);
    expect(forbidden.status).toBe(403);
    expect(errorOf(forbidden)).toMatchObject({ code: 'staff_forbidden', message: staffAnswers.forbidden });
    const anonymous = await upload(null, small);
    expect(anonymous.status).toBe(401);
    expect(errorOf(anonymous).code).toBe('staff_login_required');
    expect(await filesWritten()).toEqual(before);
  });

  test('another site may not upload (403 cross_site_refused)', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo.subarray(0, 10))]), 'x.jpg');
    const answer = await request(server.baseUrl, '/v2/restaurant/uploads', {
      method: 'POST',
      body: form,
      headers: { Cookie: owner.cookie, Origin: 'https://evil.example' },
    });
    expect(answer.status).toBe(403);
    expect(errorOf(answer).code).toBe('cross_site_refused');
  });

  test('the JSON routes keep their 1 MB body limit', async () => {
    const answer = await request(server.baseUrl, '/v2/restaurant/items/1/availability', {
      method: 'PUT',
      headers: { Cookie: owner.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ state: 'available', expected_version: 0, pad: 'x'.repeat(1_100_000) }),
    });
    expect(answer.status).toBe(413);
    expect(errorOf(answer).code).toBe('body_too_large');
  });
});
