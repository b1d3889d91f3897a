import { createDatabase } from '@app/db';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfig, pgliteDir } from './env.ts';

const config = loadConfig();
const database = await createDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, maxConnections: config.databasePoolSize } : { kind: 'pglite', dataDir: pgliteDir(config) },
);
await database.migrate();
const app = await buildApp({ config, database });

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(`App at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, ${pgliteDir(config)}` : 'postgres'})`);
