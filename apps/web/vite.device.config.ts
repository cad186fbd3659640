import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { areaTexts } from './vite-texts.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const TEXT_PART = '\0area-texts:';

/**
 * The installed buying-post app's own page (device.html, #29), built on its own before the office
 * app, into the same folder (scripts/build.mjs), so that the office's service worker precaches it
 * too. Its scripts are one chunk: split the office's way (a chunk per piece shared between
 * screens) the page asked for 75 files, and each request through the service worker costs a
 * phone's main thread time at the opening. Its texts stay a chunk per language and area.
 */
export default defineConfig({
  root,
  plugins: [react(), areaTexts(fileURLToPath(new URL('src/locales', import.meta.url)))],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      input: { device: `${root}device.html` },
      output: { codeSplitting: { groups: [{ name: 'device', test: (id) => !id.startsWith(TEXT_PART) }] } },
    },
  },
});
