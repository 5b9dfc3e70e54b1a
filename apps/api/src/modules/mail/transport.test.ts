import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createLogger } from '../../logger.ts';
import { createMailTransport } from './transport.ts';

/** The outbox folder (no SMTP_URL): bounded (docs/decisions/014: 11,904 files, 71 MB for 5,951 orders). */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const emlFiles = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort();

describe('outbox folder', () => {
  test('keeps at most maxFiles .eml files, the newest ones, counting those of earlier runs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'resto-outbox-'));
    dirs.push(dir);
    // An earlier run left 15 files (older names); another file that is not an e-mail stays.
    for (let i = 0; i < 15; i++) writeFileSync(join(dir, `2020-01-01T00-00-00-000Z-1-${String(i).padStart(9, '0')}.eml`), 'ancien');
    writeFileSync(join(dir, 'LISEZMOI.txt'), 'à garder');
    const transport = createMailTransport({ outboxDir: dir, maxFiles: 20, from: 'Test <t@example.fr>', logger: createLogger('silent') });
    try {
      for (let i = 1; i <= 55; i++) {
        await transport.send({ to: 'client@example.fr', subject: `Message ${i}`, text: `corps ${i}`, html: `<p>corps ${i}</p>` });
        expect(emlFiles(dir).length).toBeLessThanOrEqual(20);
      }
    } finally {
      transport.close();
    }
    const files = emlFiles(dir);
    expect(files.some((name) => name.startsWith('2020-'))).toBe(false);
    const newest = readFileSync(join(dir, files.at(-1)!), 'utf8');
    expect(newest).toContain('Subject: Message 55');
    expect(readdirSync(dir)).toContain('LISEZMOI.txt');
  });
});
