import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const simulator = process.env.SIM_URL ?? 'http://localhost:8080';

// The dashboard is built into dist/client and served by the simulator at `/`.
// `npm run dev:client` serves it with hot reload and forwards API and cable calls to a running simulator.
export default defineConfig({
  root: 'client',
  plugins: [react()],
  build: { outDir: '../dist/client', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    proxy: {
      '/api': simulator,
      '/cable': { target: simulator.replace(/^http/, 'ws'), ws: true },
    },
  },
});
