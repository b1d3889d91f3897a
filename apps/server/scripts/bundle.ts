/**
 * The production server: the server and the workspace packages it imports, compiled by esbuild into
 * one ES module (dist/main.js) that Node runs as it is, with no TypeScript compiler at run time.
 * Packages from node_modules stay imports (native ones such as sharp and PGlite's WebAssembly must).
 *
 * dist/main.js sits as deep in the repository as the sources that find its folders from their own
 * place (apps/server/src/env.ts, packages/db/src/client.ts: three levels up), so they find the same.
 */
import { build, type Plugin } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Everything but our own workspace packages (@app/…) and relative files is loaded from node_modules. */
const nodeModulesStayExternal: Plugin = {
  name: 'node-modules-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@app/') ? undefined : { path: args.path, external: true }));
  },
};

await build({
  // The server, its e-mail sender thread (plugins/mail.ts), and the backup command the image runs as
  // `node apps/server/dist/backup.js` (docs/backups.md).
  entryPoints: { main: `${root}src/main.ts`, 'mail-worker': `${root}src/mail-worker.ts`, backup: `${root}src/backup/cli.ts` },
  outdir: `${root}dist`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [nodeModulesStayExternal],
  logLevel: 'warning',
});
