/**
 * The image pipeline (docs/decisions/023-back-office.md): a 4000×3000 JPEG photo
 * (photo-like: shapes, gradients and grain, not a flat colour; apps/api/src/test/photo.ts) goes
 * through what POST /v2/restaurant/uploads does (modules/images/service.ts, storeUpload: sharp
 * reads it, turns it upright, crops it to 4:3, writes 400 and 800 px in AVIF and WebP).
 * Prints the size of each file and the time to process (median and worst of RUNS runs, default 5).
 * Goal: the menu card's image under 80 KB. Run: npm run bench:images
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { storeUpload } from '../apps/api/src/modules/images/service.ts';
import { photoLikeJpeg } from '../apps/api/src/test/photo.ts';

const runs = Number(process.env.RUNS ?? 5);
const photo = await photoLikeJpeg(4000, 3000);
console.log(`Photo d’entrée : 4000×3000 JPEG, ${(photo.byteLength / 1024).toFixed(0)} Ko`);

const dir = await mkdtemp(join(tmpdir(), 'bench-images-'));
const times: number[] = [];
let last: Awaited<ReturnType<typeof storeUpload>> | undefined;
try {
  for (let run = 0; run < runs; run++) {
    // Each run a different photo (one byte changed in a JPEG comment-free tail is enough for a new hash).
    const input = Buffer.concat([photo, Buffer.from([run])]);
    const started = performance.now();
    last = await storeUpload(dir, input);
    times.push(performance.now() - started);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
times.sort((a, b) => a - b);
for (const variant of last!.variants)
  console.log(
    `${variant.path.replace(/^.*-/, '').padEnd(10)} ${`${variant.width}×${variant.height}`.padEnd(9)} ${(variant.bytes / 1024).toFixed(1).padStart(6)} Ko`,
  );
const card = last!.variants.find((v) => v.path.endsWith('-400.webp'))!;
const dialog = last!.variants.find((v) => v.path.endsWith('-800.webp'))!;
console.log(
  `Carte (400 WebP) : ${(card.bytes / 1024).toFixed(1)} Ko ; plat (800 WebP, la valeur « image ») : ${(dialog.bytes / 1024).toFixed(1)} Ko — objectif < 80 Ko : ${dialog.bytes < 80 * 1024 ? 'atteint' : 'MANQUÉ'}`,
);
console.log(
  `Traitement (lecture, 4 encodages, écriture) : médiane ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, pire ${times.at(-1)!.toFixed(0)} ms sur ${runs} essais`,
);
console.log(
  `Machine : ${availableParallelism()} cœurs, charge ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`,
);
