import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The lead's server in development; API_URL points elsewhere.
const server = process.env.API_URL ?? 'http://localhost:8080';
const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  base: '/admin/',
  root: dir('.'),
  plugins: [
    react(),
    // The driver app is installable and opens without network (docs/live.md): a service worker
    // (Workbox) precaches the build for /admin/driver only; the console is left as it is. The
    // driver app registers it and links its own manifest (public/driver.webmanifest).
    VitePWA({
      injectRegister: null,
      manifest: false,
      registerType: 'autoUpdate',
      scope: '/admin/driver',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg}'],
        navigateFallback: '/admin/index.html',
        navigateFallbackAllowlist: [/^\/admin\/driver/],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
  ],
  resolve: {
    // The workspace packages ship TypeScript sources; point at them directly.
    alias: [
      { find: /^@tc\/domain$/, replacement: dir('../../packages/domain/src/index.ts') },
      { find: /^@tc\/i18n$/, replacement: dir('../../packages/i18n/src/index.ts') },
    ],
  },
  build: {
    outDir: dir('./dist'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // Drawing on a map (geoman) loads with the forms that draw; the maps themselves are shown widely.
            { name: 'draw', test: /node_modules[\\/]@geoman-io[\\/]/ },
            { name: 'map', test: /node_modules[\\/](leaflet|react-leaflet|@react-leaflet)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            // Only analytics draws charts, only reports write XLSX: they load with those pages.
            { name: 'charts', test: /node_modules[\\/](echarts|zrender|tslib)[\\/]/ },
            { name: 'xlsx', test: /node_modules[\\/](write-excel-file|fflate)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // The protocol is POST / on the same origin; a GET of / stays with Vite.
      '^/$': { target: server, bypass: (req) => (req.method === 'POST' ? undefined : req.url) },
      '/socket': { target: server, ws: true },
    },
  },
});
