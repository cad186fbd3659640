// `npm start`: build what changed (web app, API bundle, database template), then run the compiled
// API in this process. Each step prints one line with its time.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll, root } from './build.mjs';

// API processes forked by WORKERS run this file again: the primary has built already.
if (!process.env.USHIRIKA_WORKER) await buildAll({ prefix: 'start', keepServingOldWeb: true });
globalThis.ushirikaLoadingApiAt = performance.now();
await import(pathToFileURL(path.join(root, 'apps/api/dist/main.mjs')).href);
