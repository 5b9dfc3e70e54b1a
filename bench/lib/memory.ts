/**
 * The server's memory as the memory benches print it (docs/decisions/026): resident memory from
 * /proc, and, through bench/lib/memory-probe.mjs preloaded into the server, the V8 heap and
 * PGlite's WebAssembly memory (process.memoryUsage(): `external` minus `arrayBuffers`).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rssMb } from './figures.ts';
import type { ServerProcess } from './server-process.ts';

const probe = join(dirname(fileURLToPath(import.meta.url)), 'memory-probe.mjs');

/** The environment that preloads the probe into a spawned server (kept with the caller's NODE_OPTIONS). */
export function memoryProbeEnv(): NodeJS.ProcessEnv {
  return { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(probe).href}`.trim() };
}

/** One reading, in MB. */
export interface MemoryReading {
  rss: number;
  /** Resident pages of the WebAssembly memories (PGlite's PostgreSQL: shared buffers, caches, sorts). */
  wasmResident: number;
  /** Resident pages mapped from files: the node binary, shared libraries. */
  files: number;
  /** The C heap of the main thread (malloc: Node's own structures, freed buffers glibc keeps). */
  mallocHeap: number;
  /** V8's heap: used, and reserved. */
  heapUsed: number;
  heapTotal: number;
  /** WebAssembly memories (PGlite's PostgreSQL heap): their size, of which the touched pages are resident. */
  wasm: number;
  /** Buffers and ArrayBuffers (HTTP bodies, files read). */
  arrayBuffers: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/**
 * Asks a server spawned with memoryProbeEnv() for its memory (SIGUSR2) and waits for the answer.
 * @throws when no answer comes within 120 s (the probe not loaded; a loaded shared machine can take tens of seconds).
 */
export async function readMemory(server: ServerProcess): Promise<MemoryReading> {
  const before = server.output().split('MEMORY-PROBE ').length;
  server.child.kill('SIGUSR2');
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const parts = server.output().split('MEMORY-PROBE ');
    if (parts.length > before) {
      const usage = JSON.parse(parts.at(-1)!.split('\n')[0]!) as NodeJS.MemoryUsage;
      return {
        rss: rssMb(server.child.pid!),
        ...residentByKind(server.child.pid!),
        heapUsed: mb(usage.heapUsed),
        heapTotal: mb(usage.heapTotal),
        wasm: mb(usage.external - usage.arrayBuffers),
        arrayBuffers: mb(usage.arrayBuffers),
      };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('le serveur ne répond pas à SIGUSR2 : memory-probe.mjs non chargé ?');
}

/**
 * Splits a process's resident memory by kind of mapping (/proc/<pid>/smaps). A WebAssembly memory
 * is a read-write anonymous mapping followed by the rest of its reservation (10 GB with its
 * guard pages) left inaccessible: that is how V8 lays out a 32-bit WASM memory on 64-bit Linux.
 */
function residentByKind(pid: number): { wasmResident: number; files: number; mallocHeap: number } {
  const maps: { start: number; end: number; perms: string; name: string; rssKb: number }[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) maps.push({ start: parseInt(header[1]!, 16), end: parseInt(header[2]!, 16), perms: header[3]!, name: header[4]!, rssKb: 0 });
    const rss = /^Rss:\s+(\d+)/.exec(line);
    if (rss && maps.length) maps.at(-1)!.rssKb = Number(rss[1]);
  }
  let wasmKb = 0;
  let filesKb = 0;
  let heapKb = 0;
  maps.forEach((map, i) => {
    const next = maps[i + 1];
    if (map.name.startsWith('/')) filesKb += map.rssKb;
    else if (map.name === '[heap]') heapKb += map.rssKb;
    else if (map.name === '' && map.perms === 'rw-p' && next && next.start === map.end && next.perms === '---p' && next.end - map.start >= 8 * 1024 ** 3)
      wasmKb += map.rssKb;
  });
  return { wasmResident: wasmKb / 1024, files: filesKb / 1024, mallocHeap: heapKb / 1024 };
}

/** 'RSS 312 MB = V8 heap 70 (48 used) + WASM 40 (of 135) + files 60 + malloc 50 + other 92; buffers 4'. */
export function formatMemory(r: MemoryReading): string {
  const other = r.rss - r.heapTotal - r.wasmResident - r.files - r.mallocHeap;
  const f = (mb: number) => mb.toFixed(0);
  return `RSS ${f(r.rss)} MB = V8 heap ${f(r.heapTotal)} (${f(r.heapUsed)} used) + WASM ${f(r.wasmResident)} (of ${f(r.wasm)}) + files ${f(r.files)} + malloc ${f(r.mallocHeap)} + other ${f(other)}; buffers ${f(r.arrayBuffers)}`;
}
