import sharp from 'sharp';

/**
 * A photo-like JPEG for the image pipeline's tests and bench (docs/decisions/023): smooth shapes
 * of colour with grain, as a camera gives, not a flat colour that any encoder shrinks to nothing.
 * Deterministic (a fixed pseudo-random sequence). `width`×`height` px, JPEG quality 90.
 */
export async function photoLikeJpeg(width: number, height: number, options: { orientation?: number } = {}): Promise<Buffer> {
  const channels = 3;
  const data = Buffer.alloc(width * height * channels);
  let seed = 0x2545f491;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return ((seed >>> 0) % 1000) / 1000;
  };
  // Texture at several scales (crust, crumbs, a tablecloth's weave), which survives resizing as a
  // real photo's detail does: random cells of 48 and 12 px (softened by the blur below), and grain.
  const cells = (size: number) => {
    const columns = Math.ceil(width / size) + 1;
    const values = Float32Array.from({ length: columns * (Math.ceil(height / size) + 1) }, () => random() - 0.5);
    return (x: number, y: number) => values[Math.floor(y / size) * columns + Math.floor(x / size)]!;
  };
  const coarse = cells(48);
  const fine = cells(12);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const v = y / height;
      // A plate (a disc) on a table (a gradient).
      const dx = u - 0.5;
      const dy = (v - 0.5) * (height / width);
      const onPlate = dx * dx + dy * dy < 0.09;
      const texture = coarse(x, y) * 50 + fine(x, y) * 40;
      const grain = (random() - 0.5) * 30;
      const i = (y * width + x) * channels;
      if (onPlate) {
        const sauce = Math.sin(u * 40) * Math.cos(v * 30) * 40;
        data[i] = clamp(190 + sauce + texture + grain);
        data[i + 1] = clamp(90 + sauce / 2 + texture * 0.8 + grain);
        data[i + 2] = clamp(50 + texture * 0.5 + grain);
      } else {
        data[i] = clamp(120 + 60 * u + texture * 0.6 + grain);
        data[i + 1] = clamp(80 + 40 * v + texture * 0.6 + grain);
        data[i + 2] = clamp(50 + 30 * Math.sin(u * 12) + texture * 0.6 + grain);
      }
    }
  }
  let image = sharp(data, { raw: { width, height, channels } }).blur(1.2).jpeg({ quality: 90 });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

function clamp(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}

/**
 * A PNG that declares `width`×`height` pixels but holds almost nothing (a decompression bomb's
 * header): sharp must refuse it from the header, before decoding.
 */
export function bombPng(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
