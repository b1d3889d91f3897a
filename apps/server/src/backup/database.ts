/**
 * The database half of a backup. Postgres: pg_dump's custom format (one file, compressed, restored
 * by pg_restore into an empty database). The embedded PGlite: its own data-folder tarball
 * (dumpDataDir), taken while no server has the folder open.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** The file a backup keeps the database in, by kind. */
export const DATABASE_FILE = { postgres: 'database.dump', pglite: 'pglite.tar.gz' } as const;

/**
 * libpq's arguments for `url`: the password travels in PGPASSWORD, never on the command line
 * (where `ps` would show it to every user of the machine).
 */
function libpq(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  // eslint-disable-next-line no-restricted-properties -- the child needs PATH and the like; no setting is read here
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** A pg_* tool's failure, with what it printed (its stderr names the cause). */
async function pgTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await run(tool, args, { env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new Error(missing ? `${tool} is not installed (Debian: apt-get install postgresql-client)` : `${tool} failed: ${detail}`);
  }
}

/** Writes the database into `file`. */
export async function dumpDatabase(target: DatabaseTarget, file: string): Promise<void> {
  if (target.kind === 'postgres') {
    const { dbname, env } = libpq(target.url);
    // Owners and grants belong to the old server's roles: the restoring role owns everything instead.
    await pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`], env);
    return;
  }
  if (!existsSync(target.dataDir)) throw new Error(`No embedded database at ${target.dataDir}`);
  const pglite = await openPglite({ dataDir: target.dataDir });
  try {
    const tarball = await pglite.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await pglite.close();
  }
}

/** Loads `file` into an empty database: a restore never writes over data. */
export async function restoreDatabase(target: DatabaseTarget, file: string): Promise<void> {
  if (target.kind === 'postgres') {
    const { dbname, env } = libpq(target.url);
    const tables = await pgTool(
      'psql',
      ['--no-psqlrc', '--tuples-only', '--no-align', `--dbname=${dbname}`, '--command', "SELECT count(*) FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')"],
      env,
    );
    if (Number(tables.trim()) > 0) throw new Error('The target database is not empty: restore into a newly created database');
    await pgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file], env);
    return;
  }
  if (existsSync(target.dataDir) && readdirSync(target.dataDir).length > 0) {
    throw new Error(`${target.dataDir} is not empty: restore the embedded database into a new folder`);
  }
  const pglite = await openPglite({ dataDir: target.dataDir, loadDataDir: new Blob([new Uint8Array(await readFile(file))]) });
  await pglite.close();
}

/** Lists what a dump holds, which reads it through: a damaged or truncated file fails here. */
export async function checkDatabaseFile(kind: DatabaseTarget['kind'], file: string): Promise<void> {
  if (kind === 'postgres') {
    // eslint-disable-next-line no-restricted-properties -- the child needs PATH; no setting is read here
    await pgTool('pg_restore', ['--list', file], process.env);
    return;
  }
  // A gzip whose stream ends cleanly: gunzip reads it whole.
  const { gunzipSync } = await import('node:zlib');
  gunzipSync(await readFile(file));
}

async function openPglite(options: { dataDir: string; loadDataDir?: Blob }) {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const pglite = new PGlite({ ...options, extensions: { pg_trgm } });
  await pglite.waitReady;
  return pglite;
}
