/**
 * `npm run lighthouse`: Lighthouse's mobile preset (simulated throttling: a mid-range phone on slow
 * 4G) against the built app, for the public pages a visitor lands on. Prints, for each page, the
 * performance score, LCP, CLS, TBT and FCP (the median of LIGHTHOUSE_RUNS runs, default 3) and exits
 * non-zero when a page misses a target of issue 15.
 *
 * The compiled server (`apps/server/dist/main.js`, so run `npm run build` first, as the npm script
 * does) starts on a free port with its own throwaway database: one on the Postgres at
 * TEST_DATABASE_URL, or embedded PGlite in a temporary DATA_DIR when none answers. Chromium is
 * Debian's (`CHROMIUM_PATH`, default /usr/bin/chromium), headless.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateKeyringValue } from '@app/api/server';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, prefixOutput, spawnPinned, stopProcess, waitForHealth } from './bench/processes.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const PAGES = ['/', '/pricing', '/login'];
const TARGETS = { score: 90, lcpMs: 2_500, cls: 0.1, tbtMs: 200 };

interface Figures {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function audit(url: string, port: number): Promise<Figures> {
  // No config: Lighthouse's default is the mobile preset with simulated throttling.
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse measured no ${id} on ${url}`);
    return value;
  };
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbtMs: metric('total-blocking-time'),
    fcpMs: metric('first-contentful-paint'),
  };
}

async function main(): Promise<number> {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  if (!Number.isInteger(runs) || runs < 1 || runs > 15) throw new Error(`LIGHTHOUSE_RUNS must be 1 to 15, got '${process.env.LIGHTHOUSE_RUNS}'`);
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) throw new Error(`No Chromium at ${chromePath} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  if (!existsSync(join(root, 'apps/server/dist/main.js')) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build the app first (npm run build)');
  }

  let database: TestDatabase | null = null;
  let dataDir: string | null = null;
  let server: ChildProcess | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    database = await createTestDatabase();
    if (database.url === null) {
      await database.drop();
      database = null;
      dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'));
    }
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = spawnPinned(null, process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATABASE_URL: database?.url ?? '',
        ...(dataDir ? { DATA_DIR: dataDir } : {}),
        CHAT_ENCRYPTION_KEY: generateKeyringValue(),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixOutput(server, '[server]');
    await waitForHealth(baseUrl, server);

    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    console.log(`Lighthouse mobile (simulated throttling), ${baseUrl}, ${database ? 'postgres' : 'pglite'}, median of ${runs} run(s):`);
    console.log(`${'page'.padEnd(10)} ${'score'.padStart(5)} ${'LCP'.padStart(8)} ${'CLS'.padStart(6)} ${'TBT'.padStart(8)} ${'FCP'.padStart(8)}`);
    let missed = 0;
    for (const page of PAGES) {
      const samples: Figures[] = [];
      // One unmeasured visit first, so the server's first answers (cold caches) do not count.
      await fetch(`${baseUrl}${page}`);
      for (let i = 0; i < runs; i++) samples.push(await audit(`${baseUrl}${page}`, chrome.port));
      const figures: Figures = {
        score: median(samples.map((s) => s.score)),
        lcpMs: median(samples.map((s) => s.lcpMs)),
        cls: median(samples.map((s) => s.cls)),
        tbtMs: median(samples.map((s) => s.tbtMs)),
        fcpMs: median(samples.map((s) => s.fcpMs)),
      };
      const misses = [
        figures.score < TARGETS.score && 'score',
        figures.lcpMs > TARGETS.lcpMs && 'LCP',
        figures.cls > TARGETS.cls && 'CLS',
        figures.tbtMs > TARGETS.tbtMs && 'TBT',
      ].filter(Boolean);
      if (misses.length) missed++;
      console.log(
        `${page.padEnd(10)} ${String(figures.score).padStart(5)} ${`${(figures.lcpMs / 1000).toFixed(2)} s`.padStart(8)} ${figures.cls.toFixed(3).padStart(6)} ` +
          `${`${Math.round(figures.tbtMs)} ms`.padStart(8)} ${`${(figures.fcpMs / 1000).toFixed(2)} s`.padStart(8)}${misses.length ? `  misses: ${misses.join(', ')}` : ''}`,
      );
    }
    console.log(`targets: score >= ${TARGETS.score}, LCP <= ${TARGETS.lcpMs / 1000} s, CLS <= ${TARGETS.cls}, TBT <= ${TARGETS.tbtMs} ms`);
    return missed ? 1 : 0;
  } finally {
    if (chrome) await chrome.kill();
    if (server) await stopProcess(server).catch((err: unknown) => console.error('Could not stop the server:', err));
    if (database) await database.drop().catch((err: unknown) => console.error('Could not drop the database:', err));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
