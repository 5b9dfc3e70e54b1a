import { parentPort } from 'node:worker_threads';
import { buildCommunes } from './communes-index.ts';

/**
 * The worker thread of the compiled server that builds the communes (communes-index.ts,
 * loadCommunesIndex): its heap, where the data files are read, goes away with it. Bundled as
 * apps/api/build/communes-worker.js by apps/api/scripts/build.mjs.
 */
parentPort!.postMessage(buildCommunes());
