import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { BUYING_POST_PATH } from '../../packages/contracts/src/routes.ts';
import { areaTexts } from './vite-texts.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [
    react(),
    // The interface texts per language and area: a screen loads only its own (vite-texts.ts).
    areaTexts(fileURLToPath(new URL('src/locales', import.meta.url))),
    // The installable app (#29): the manifest and the service worker (src/sw.ts, Workbox's precache).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'autoUpdate',
      injectRegister: false,
      manifest: {
        id: '/collections/offline-weighing',
        name: 'Ushirika: buying post',
        short_name: 'Ushirika',
        description: 'Weigh crops at the buying post with or without a network',
        // The app's own page (device.html), which the server sends at this path.
        start_url: BUYING_POST_PATH,
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#12b886',
        lang: 'en',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // Every built file but the page (see sw.ts; the manifest, which the plugin always adds, is
        // left out there); the largest chunks are over Workbox's 2 MB default.
        globPatterns: ['**/*.{js,css,woff,woff2,png,svg,ico}'],
        globIgnores: ['**/*.html', 'sw.js'],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    // scripts/build.mjs builds into a new folder, the buying-post page first (vite.device.config.ts):
    // kept, so that the service worker built here precaches its files too.
    emptyOutDir: false,
    chunkSizeWarningLimit: 900,
    // The page preloads the first screen's chunks (index.html); a screen loaded later fetches its
    // own chunks as the browser meets their imports, with no <link rel=modulepreload> added per
    // chunk beforehand: a hundred such links cost the weighing screen's offline opening a third
    // of a second with the CPU slowed 4× (#29). Its CSS still loads before it shows.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
});
