import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const simulator = process.env.SIM_URL ?? 'http://localhost:8080';

/**
 * The map's libraries, each its own chunk so no chunk passes 1 MB and a change to one does not invalidate the
 * others in the browser's cache. None of them loads before sign-in (scripts/bundleSize.ts checks the budget).
 */
const MAP_LIBRARIES = [
  // Vite's preload helper serves every dynamic import; left alone, the bundler put it in deck.gl's chunk, which the
  // sign-in page then had to load.
  { name: 'preload-helper', test: /preload-helper/ },
  { name: 'maplibre', test: /node_modules[\\/]maplibre-gl[\\/]/ },
  // deck.gl with the luma.gl, math.gl and loaders.gl it is built on: one chunk, as they share module state.
  { name: 'deckgl', test: /node_modules[\\/]@(deck|luma|math|loaders|probe)\.gl[\\/]/ },
  { name: 'terradraw', test: /node_modules[\\/]terra-draw/ },
  { name: 'turf', test: /node_modules[\\/]@turf[\\/]/ },
];

// The dashboard is built into dist/client and served by the simulator at `/`.
// `npm run dev:client` serves it with hot reload and forwards API and cable calls to a running simulator.
export default defineConfig({
  root: 'client',
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // maplibre-gl's own prebuilt module is 1.06 MB and cannot be split; every other chunk stays under 1 MB.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: { output: { codeSplitting: { groups: MAP_LIBRARIES } } },
  },
  server: {
    proxy: {
      '/api': simulator,
      '/cable': { target: simulator.replace(/^http/, 'ws'), ws: true },
    },
  },
});
