import { describe, expect, test } from 'vitest';
import { uploadedPicture, uploadFileName, uploadFileNamePattern } from './images.ts';

const hash = '0123456789abcdef0123456789abcdef';

describe('uploadedPicture', () => {
  test('an uploaded image: AVIF and WebP srcsets at 400w and 800w, 4:3 box of the largest', () => {
    expect(uploadedPicture(`/uploads/${hash}-800.webp`)).toEqual({
      avifSrcSet: `/uploads/${hash}-400.avif 400w, /uploads/${hash}-800.avif 800w`,
      webpSrcSet: `/uploads/${hash}-400.webp 400w, /uploads/${hash}-800.webp 800w`,
      src: `/uploads/${hash}-800.webp`,
      width: 800,
      height: 600,
    });
  });
  test.each(['/images/margherita.webp', '/uploads/../secret.webp', `/uploads/${hash}-800.avif`, `https://cdn.example/uploads/${hash}-800.webp`, ''])(
    '%s is not an upload: shown as it is',
    (image) => {
      expect(uploadedPicture(image)).toBeNull();
    },
  );
});

describe('file names', () => {
  test('every name written is one the server serves, and nothing else', () => {
    for (const width of [400, 800])
      for (const format of ['avif', 'webp'] as const) expect(uploadFileNamePattern.test(uploadFileName(hash, width, format))).toBe(true);
    for (const name of ['..', `${hash}-800.webp.tmp-1a2b`, `${hash}-1200.webp`, `${hash}-800.jpg`, `../${hash}-800.webp`, `${hash.toUpperCase()}-800.webp`])
      expect(uploadFileNamePattern.test(name)).toBe(false);
  });
});
