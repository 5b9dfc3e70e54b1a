import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';
import { open } from './helpers.ts';
import { servers } from './servers.ts';

/**
 * The storefront's files in Brotli or gzip, compressed once at build time
 * (apps/web/scripts/precompress.mjs, served by serveStatic's `precompressed` in
 * apps/api/src/run-server.ts; docs/decisions/027): each file of /menu's first load is sent in the
 * encoding the request accepts, its bytes decoding to the file itself, with the same year of cache.
 */

const base = `http://localhost:${servers.sunday.port}`;

/** One GET as the server sends it: status, headers and the body's bytes, not decoded. */
function rawGet(path: string, acceptEncoding: string | undefined): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

test('the first load of /menu: Brotli for a browser that takes it, else gzip, else the file itself', async ({ page }) => {
  await open(page, '/menu');
  const paths = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith('/assets/') && /\.(js|css)$/.test(path)),
  );
  expect(paths.length).toBeGreaterThan(3);
  let compressed = 0;
  for (const path of paths) {
    const plain = await rawGet(path, undefined);
    expect(plain.status, path).toBe(200);
    expect(plain.headers['content-encoding'], path).toBeUndefined();
    // Files under 1 KB have no compressed copy (precompress.mjs): the same bytes in every encoding.
    const small = plain.body.length < 1024;
    const brotli = await rawGet(path, 'gzip, deflate, br, zstd');
    const gzip = await rawGet(path, 'gzip');
    for (const answer of [plain, brotli, gzip]) expect(answer.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
    if (small) continue;
    compressed += 1;
    // A cache between keeps one copy per encoding.
    for (const answer of [plain, brotli, gzip]) expect(answer.headers['vary'], path).toMatch(/Accept-Encoding/i);
    expect(brotli.headers['content-encoding'], path).toBe('br');
    expect(brotliDecompressSync(brotli.body).equals(plain.body), path).toBe(true);
    expect(Number(brotli.headers['content-length']), path).toBe(brotli.body.length);
    expect(brotli.body.length, path).toBeLessThan(gzip.body.length);
    expect(gzip.headers['content-encoding'], path).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body), path).toBe(true);
  }
  // framework, app-shell, storefront-shell, icons, the menu's own chunk, the stylesheet at least.
  expect(compressed).toBeGreaterThanOrEqual(5);
});
