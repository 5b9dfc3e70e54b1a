/**
 * Images uploaded from the back office (docs/decisions/023-back-office.md): the
 * sizes and names the API writes under DATA_DIR/uploads and the storefront's <picture> reads.
 * Every upload is cropped to the menu card's 4:3 and written at each width of `uploadWidths`
 * (never enlarged) in AVIF and WebP, named `<hash>-<width>.<format>`; a dish's `image` is the
 * largest WebP (`/uploads/<hash>-800.webp`).
 */

/** Widths written, px: 400 for the menu card (112 CSS px at up to 3×), 800 for the dish's dialog. */
export const uploadWidths = [400, 800] as const;
/** The largest of `uploadWidths`: the dish's `image` is this WebP. */
export const largestUploadWidth = 800;
/** The menu card's and the dialog's aspect ratio, width:height. */
export const uploadAspect = { width: 4, height: 3 } as const;
export const uploadFormats = ['avif', 'webp'] as const;
export type UploadFormat = (typeof uploadFormats)[number];
/** The most an uploaded file may weigh, bytes (10 MB). */
export const maxUploadBytes = 10 * 1024 * 1024;
/** The most pixels a file may declare (decompression bombs): 64 megapixels, above any phone's camera. */
export const maxUploadPixels = 64_000_000;

/** The name of one file written for an upload: `<hash>-<width>.<format>`. */
export function uploadFileName(hash: string, width: number, format: UploadFormat): string {
  return `${hash}-${width}.${format}`;
}

/** A file name under /uploads the server may serve (anything else is a 404: no traversal, no listing). */
export const uploadFileNamePattern = /^[a-f0-9]{32}-(400|800)\.(webp|avif)$/;

const uploadedPath = /^\/uploads\/([a-f0-9]{32})-\d+\.webp$/;

/** What <picture> needs for an uploaded image: a srcset per format, and the 4:3 size of the largest. */
export interface UploadedPicture {
  avifSrcSet: string;
  webpSrcSet: string;
  /** The largest WebP (the <img>'s src). */
  src: string;
  width: number;
  height: number;
}

/**
 * The <picture> sources of a dish image uploaded from the back office; null for any other image
 * (a bundled /images/… file is shown as it is).
 */
export function uploadedPicture(image: string): UploadedPicture | null {
  const match = uploadedPath.exec(image);
  if (!match) return null;
  const hash = match[1]!;
  const srcSet = (format: UploadFormat) => uploadWidths.map((w) => `/uploads/${uploadFileName(hash, w, format)} ${w}w`).join(', ');
  const largest = largestUploadWidth;
  return {
    avifSrcSet: srcSet('avif'),
    webpSrcSet: srcSet('webp'),
    src: `/uploads/${uploadFileName(hash, largest, 'webp')}`,
    width: largest,
    height: (largest * uploadAspect.height) / uploadAspect.width,
  };
}
