/**
 * A POSIX ustar writer (IEEE Std 1003.1, « pax » format's ustar header) for the books' archives
 * (docs/decisions/031-the-books.md, « archivage »): regular files only, names of at most 100 bytes,
 * mode 0644, owner 0:0, one fixed mtime so the same files always give the same bytes. Written
 * here because no tar or zip library is a declared dependency of the API (tar-stream is only a
 * transitive development dependency); read back by the system `tar` in archives.test.ts.
 */

/** A file of an archive: its name (ASCII, ≤ 100 bytes) and content. */
export interface TarFile {
  name: string;
  content: Buffer | string;
}

const block = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: number): Buffer {
  const bytes = Buffer.alloc(block, 0);
  if (Buffer.byteLength(name) > 100 || !/^[\x21-\x7e]+$/.test(name)) throw new Error(`nom de fichier d’archive invalide : ${name}`);
  bytes.write(name, 0, 'ascii');
  bytes.write(octal(0o644, 8), 100, 'ascii');
  bytes.write(octal(0, 8), 108, 'ascii');
  bytes.write(octal(0, 8), 116, 'ascii');
  bytes.write(octal(size, 12), 124, 'ascii');
  bytes.write(octal(mtime, 12), 136, 'ascii');
  bytes.write('        ', 148, 'ascii');
  bytes.write('0', 156, 'ascii');
  bytes.write('ustar\0', 257, 'ascii');
  bytes.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of bytes) sum += byte;
  bytes.write(octal(sum, 7) + ' ', 148, 'ascii');
  return bytes;
}

/**
 * The ustar archive of `files`, in order, each dated `mtime` (seconds since 1970).
 * @throws Error when a name is not printable ASCII or longer than 100 bytes.
 */
export function tarArchive(files: readonly TarFile[], mtime: number): Buffer {
  const parts: Buffer[] = [];
  for (const file of files) {
    const content = typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content;
    parts.push(header(file.name, content.length, Math.floor(mtime)), content);
    const pad = (block - (content.length % block)) % block;
    if (pad) parts.push(Buffer.alloc(pad, 0));
  }
  parts.push(Buffer.alloc(block * 2, 0));
  return Buffer.concat(parts);
}
