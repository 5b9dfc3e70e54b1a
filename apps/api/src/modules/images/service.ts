import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sharp } from 'sharp';
import { largestUploadWidth, maxUploadPixels, uploadAspect, uploadFileName, uploadFormats, uploadWidths, type UploadFormat } from '@resto/domain/images';
import { imageUpload } from '@resto/copy/staff/images';
import type { UploadAnswer } from '@resto/contract/backoffice-images';
import { ApiError } from '../../http/errors.ts';
import { lazily } from '@resto/domain/clock';

/**
 * The image pipeline of the back office (docs/decisions/023-back-office.md):
 * whatever the file says it is, sharp reads the bytes (anything it cannot read is 400
 * image_invalid; more than `maxUploadPixels` too, before decoding: decompression bombs), turns
 * the photo upright (EXIF), crops it to the menu card's 4:3, writes each width of `uploadWidths`
 * (never enlarged) in AVIF and WebP without metadata, named by the content hash of the upload.
 * Files are written under temporary names then renamed: a failed upload leaves nothing.
 */

/** Encoder settings: small files for phones on 4G; quality is checked by eye (docs/decisions/023). */
const encoders: Record<UploadFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }), // effort 4: 7× slower for 8 % smaller files
  webp: (image) => image.webp({ quality: 72, effort: 4 }),
};

const largestWidth = largestUploadWidth;

/**
 * sharp, loaded at the first upload: libvips and its threads take about 8 MB of a server's memory,
 * and most servers never see an upload (the owner adds photos now and then; docs/decisions/026).
 */
const loadSharp = lazily(async () => (await import('sharp')).default);

/** One encoded file, before it is written. */
interface Encoded {
  name: string;
  width: number;
  height: number;
  format: UploadFormat;
  data: Buffer;
}

/**
 * Reads and encodes an uploaded file (no I/O).
 * @throws ApiError 400 image_invalid when the bytes are not an image sharp reads, or too many pixels.
 */
async function encodeUpload(bytes: Uint8Array): Promise<{ hash: string; files: Encoded[] }> {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sharp = await loadSharp();
  let source: { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };
  try {
    // Upright (EXIF orientation), reduced once; the crops below start from it.
    const meta = await sharp(input, { limitInputPixels: maxUploadPixels, failOn: 'error' }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    const { data, info } = await sharp(input, { limitInputPixels: maxUploadPixels, failOn: 'error' })
      .rotate()
      // At least the largest 4:3 size on both sides, when the photo has it (never enlarged).
      .resize({ width: largestWidth, height: (largestWidth * uploadAspect.height) / uploadAspect.width, fit: 'outside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    source = { data, width: info.width, height: info.height, channels: info.channels };
  } catch (error) {
    const message = /pixel limit/i.test(String(error)) ? imageUpload.tooManyPixels : imageUpload.invalid;
    throw new ApiError('image_invalid', message, [{ path: 'file', message }]);
  }
  const hash = createHash('sha256').update(input).digest('hex').slice(0, 32);
  const files: Encoded[] = [];
  for (const target of uploadWidths) {
    const width = Math.min(target, source.width, Math.floor((source.height * uploadAspect.width) / uploadAspect.height));
    const height = Math.round((width * uploadAspect.height) / uploadAspect.width);
    for (const format of uploadFormats) {
      const raw = { width: source.width, height: source.height, channels: source.channels };
      const resized = sharp(source.data, { raw }).resize({ width, height, fit: 'cover', position: sharp.strategy.attention, withoutEnlargement: true });
      const { data, info } = await encoders[format](resized).toBuffer({ resolveWithObject: true });
      files.push({ name: uploadFileName(hash, target, format), width: info.width, height: info.height, format, data });
    }
  }
  return { hash, files };
}

let encoding: Promise<unknown> = Promise.resolve();

/**
 * Runs `job` after the encodings already queued in this process: one photo decoded at a time
 * (a 48 MP photo takes ~150 MB while decoded; two owners uploading at once must not double it).
 */
function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  const run = encoding.then(job, job);
  encoding = run.catch(() => undefined);
  return run;
}

/**
 * Encodes an upload and writes its files into `dir` (created if needed): each under a temporary
 * name first, then all renamed; on any failure the temporary files are removed and nothing stays.
 * @returns the dish's `image` (the largest WebP) and every file written, with its size in bytes.
 * @throws ApiError 400 image_invalid (see encodeUpload).
 */
export async function storeUpload(dir: string, bytes: Uint8Array): Promise<UploadAnswer> {
  const { files } = await oneAtATime(() => encodeUpload(bytes));
  await mkdir(dir, { recursive: true });
  const suffix = `.tmp-${randomBytes(6).toString('hex')}`;
  const written: string[] = [];
  try {
    for (const file of files) {
      const temp = join(dir, file.name + suffix);
      written.push(temp);
      await writeFile(temp, file.data);
    }
    for (const file of files) await rename(join(dir, file.name + suffix), join(dir, file.name));
  } catch (error) {
    await Promise.all(written.map((temp) => unlink(temp).catch(() => {})));
    throw error;
  }
  const image = files.find((f) => f.format === 'webp' && f.name.endsWith(`-${largestWidth}.webp`))!;
  return {
    image: `/uploads/${image.name}`,
    variants: files.map((f) => ({ path: `/uploads/${f.name}`, width: f.width, height: f.height, format: f.format, bytes: f.data.byteLength })),
  };
}

