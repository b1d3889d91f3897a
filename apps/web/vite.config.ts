import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    // The router plugin must come before the React plugin.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: api, ws: true },
      '/auth': api,
      '/api': api,
      '/uploads': api,
      '/healthz': api,
    },
  },
  build: { sourcemap: true, chunkSizeWarningLimit: 1024 },
});
