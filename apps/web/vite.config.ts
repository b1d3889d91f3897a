import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { CHUNK_FAMILIES_MODE, chunkFamilyGroups, recordChunkFamilies } from './scripts/chunk-families.ts';

/** Server packages, and Node's own modules: the web imports types from them at most, never code. */
const SERVER_ONLY = /[\\/](packages[\\/](api|db|storage)|apps[\\/]server)[\\/]/;

/** Fails the build when server code reaches the bundle, so a server change cannot grow it. */
function serverCodeStaysOut(): Plugin {
  return {
    name: 'server-code-stays-out',
    apply: 'build',
    resolveId(source, importer) {
      if (source.startsWith('node:')) this.error(`${importer ?? 'the web app'} imports ${source}: Node modules cannot run in the browser`);
      return null;
    },
    transform(_code, id) {
      if (SERVER_ONLY.test(id)) this.error(`${id} is server code; the web app may import only its types (import type …)`);
      return null;
    },
  };
}

const api = process.env.API_ORIGIN ?? 'http://localhost:3000';
// xfwd: the API sees who the browser is (X-Forwarded-For), so its local stand-ins, which answer this
// computer only, refuse someone reaching Vite from another machine (`vite --host`).
const proxied = { target: api, xfwd: true };

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [
    // The router plugin must come before the React plugin.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    serverCodeStaysOut(),
    // `npm run build`'s first pass only records how Rolldown would split (scripts/chunk-families.ts);
    // the second writes every text asset also as .br and .gz beside it, and the server sends the one
    // the browser accepts.
    mode === CHUNK_FAMILIES_MODE
      ? recordChunkFamilies()
      : compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|txt)$/, threshold: 1024 }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/trpc': { ...proxied, ws: true },
      '/auth': proxied,
      '/api': proxied,
      '/uploads': proxied,
      '/healthz': proxied,
    },
  },
  // The manifest tells the bundle budget check (scripts/bundle-size.ts) which chunks are routes.
  build: {
    sourcemap: true,
    // Every browser the build targets preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Everything the first page needs (the entry's static imports) in one chunk, instead of dozens of
      // small shared ones that each cost a request and compress worse; and what the signed-in pages
      // share, one chunk per family of them (scripts/chunk-families.ts).
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 1000 },
            // (The prerendering build for Node keeps Rolldown's split.)
            ...(mode === CHUNK_FAMILIES_MODE || isSsrBuild ? [] : chunkFamilyGroups(1000)),
          ],
        },
      },
    },
    manifest: true,
    chunkSizeWarningLimit: 1024,
    ...(mode === CHUNK_FAMILIES_MODE && { outDir: '.cache/chunk-families', sourcemap: false }),
  },
  // The server build (src/prerender.tsx: the public pages at build, a member's pages per request in
  // the server) carries every package it uses, in their production builds: the server's image has
  // none of the web's packages, and React's development build renders several times slower.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
}));
