/**
 * Preloaded into the server by the memory benches only (NODE_OPTIONS=--import, see memoryProbeEnv
 * in bench/lib/memory.ts), never by the product: on SIGUSR2 it writes one line
 * `MEMORY-PROBE {json}` to stderr with process.memoryUsage() (bytes) and the size of each V8 heap
 * space, so a bench can tell the V8 heap from PGlite's WebAssembly memory (counted in `external`,
 * not in `arrayBuffers`). Plain JavaScript: it loads the same way under tsx and compiled.
 */
import process from 'node:process';
import { getHeapSpaceStatistics } from 'node:v8';

process.on('SIGUSR2', () => {
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
  process.stderr.write(`MEMORY-PROBE ${JSON.stringify({ ...process.memoryUsage(), spaces })}\n`);
});
