/**
 * A backup is one folder: the database (database.dump or pglite.tar.gz), every uploaded file under
 * files/, the secrets the server generated into DATA_DIR (secrets/), and manifest.json naming them
 * all with their SHA-256. See docs/backups.md.
 */
import { copyFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '@app/db';
import { createStorage } from '@app/storage';
import { pgliteDir, type AppConfig } from '../env.ts';
import { checkDatabaseFile, DATABASE_FILE, dumpDatabase, restoreDatabase, type DatabaseTarget } from './database.ts';
import { backupFiles, damagedFiles, hashFile, restoreFiles, type FileEntry } from './files.ts';

/** Files the server makes in DATA_DIR when no variable gives them: without the chat key, chats cannot be read. */
const GENERATED_SECRETS = ['chat-encryption-key', 'mail-secret', 'vapid-keys.json'];

export const MANIFEST_FORMAT = 1;

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  /** The newest migration of the build that took it: the app restored onto it must be at least as new. */
  migration: string;
  database: { kind: DatabaseTarget['kind']; file: string; sha256: string };
  storage: { driver: 'fs' | 's3' };
  files: FileEntry[];
  secrets: string[];
}

export function databaseTarget(config: AppConfig): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: pgliteDir(config) };
}

/** Backs up what `config` names into `dir`, which must not exist yet or be empty. */
export async function createBackup(config: AppConfig, dir: string): Promise<Manifest> {
  // It holds every session and the generated secrets: readable by its owner only.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if ((await readdir(dir)).length > 0) throw new Error(`${dir} is not empty: back up into a new folder`);
  const target = databaseTarget(config);
  const databaseFile = DATABASE_FILE[target.kind];
  await dumpDatabase(target, join(dir, databaseFile));

  const storage = createStorage(config.storage);
  await storage.init();
  const files = await backupFiles(storage, dir);

  const secrets = GENERATED_SECRETS.filter((name) => existsSync(join(config.dataDir, name)));
  if (secrets.length) await mkdir(join(dir, 'secrets'));
  for (const name of secrets) await copyFile(join(config.dataDir, name), join(dir, 'secrets', name));

  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    createdAt: new Date().toISOString(),
    migration: await newestMigration(),
    database: { kind: target.kind, file: databaseFile, sha256: (await hashFile(join(dir, databaseFile))).sha256 },
    storage: { driver: storage.driver },
    files,
    secrets,
  };
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Reads a backup's manifest and checks every byte it names; throws naming what is wrong. */
export async function checkBackup(dir: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== MANIFEST_FORMAT) throw new Error(`Unknown backup format ${String(manifest.format)}`);
  const databasePath = join(dir, manifest.database.file);
  if ((await hashFile(databasePath)).sha256 !== manifest.database.sha256) throw new Error(`${manifest.database.file} differs from the backup's record`);
  await checkDatabaseFile(manifest.database.kind, databasePath);
  const damaged = await damagedFiles(dir, manifest.files);
  if (damaged.length) throw new Error(`${damaged.length} files differ from the backup's record: ${damaged.slice(0, 5).join(', ')}`);
  return manifest;
}

/**
 * Restores `dir` into the database and storage `config` names: the database must be new (empty),
 * and a generated secret already in DATA_DIR must be the backed-up one.
 */
export async function restoreBackup(config: AppConfig, dir: string): Promise<Manifest> {
  const manifest = await checkBackup(dir);
  const target = databaseTarget(config);
  if (target.kind !== manifest.database.kind) {
    throw new Error(`This backup holds a ${manifest.database.kind} database; the configuration names ${target.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : 'the embedded PGlite (no DATABASE_URL)'}`);
  }
  for (const name of manifest.secrets) {
    const here = join(config.dataDir, name);
    if (existsSync(here) && !(await readFile(here)).equals(await readFile(join(dir, 'secrets', name)))) {
      throw new Error(`${here} differs from the backed-up ${name}: move it away to restore the backup's`);
    }
  }
  await restoreDatabase(target, join(dir, manifest.database.file));
  await restoreFiles(createStorage(config.storage), dir, manifest.files);
  await mkdir(config.dataDir, { recursive: true });
  for (const name of manifest.secrets) await copyFile(join(dir, 'secrets', name), join(config.dataDir, name));
  return manifest;
}

/** The newest migration this build knows, by tag (drizzle/meta/_journal.json). */
async function newestMigration(): Promise<string> {
  const journal = JSON.parse(await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.at(-1)?.tag ?? '';
}
