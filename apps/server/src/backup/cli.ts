/**
 * `npm run backup [-- <folder>]`, `npm run restore -- <folder>`, `npm run backup -- --check <folder>`:
 * the database and uploads the environment names (DATABASE_URL, DATA_DIR, STORAGE_DRIVER, S3_*),
 * as the server reads them. See docs/backups.md. In the image: `node apps/server/dist/backup.js …`.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../env.ts';
import { checkBackup, createBackup, restoreBackup, type Manifest } from './backup.ts';

const USAGE = 'usage: backup [<folder>] | backup --check <folder> | restore <folder>';

function summary(manifest: Manifest): string {
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  return `${manifest.database.kind} database, ${manifest.files.length} files (${(bytes / 1024 / 1024).toFixed(1)} MiB), taken ${manifest.createdAt}`;
}

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command === 'backup' && rest[0] === '--check' && rest[1]) {
    console.log(`Backup ${rest[1]} is whole: ${summary(await checkBackup(resolve(rest[1])))}`);
  } else if (command === 'backup' && rest.length <= 1) {
    const dir = resolve(rest[0] ?? `backups/${new Date().toISOString().replaceAll(':', '-').replace(/\..*/, '')}`);
    console.log(`Backed up into ${dir}: ${summary(await createBackup(loadConfig(), dir))}`);
  } else if (command === 'restore' && rest.length === 1) {
    console.log(`Restored ${rest[0]}: ${summary(await restoreBackup(loadConfig(), resolve(rest[0]!)))}`);
  } else {
    throw new Error(USAGE);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
