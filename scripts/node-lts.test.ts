/**
 * The compiled server (apps/server/dist/main.js) on the Node LTS line production runs (docker/Dockerfile),
 * while this test and development stay on Node 20: health, sign-in, a tRPC call, an upload, and a
 * live post over a WebSocket subscription. The binary comes from the npm registry's node package
 * (scripts/install-node-lts.sh); without it the test is skipped loudly, unless REQUIRE_NODE_LTS=1 (CI).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppRouter } from '@app/api';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { CATEGORY_VALUES, COMMUNITY_LANGUAGE_VALUES } from '@app/shared/constants';
import { createTRPCClient, createWSClient, httpLink, wsLink } from '@trpc/client';
import sharp from 'sharp';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort, stopProcess, waitForHealth } from './bench/processes.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The major version production runs: docker/Dockerfile's image, the one place it is written. */
const NODE_LTS_MAJOR = Number(/^ARG NODE_IMAGE=node:(\d+)/m.exec(readFileSync(join(root, 'docker/Dockerfile'), 'utf8'))?.[1]);
const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
const binary = process.env.NODE_LTS_BIN || join(root, `.cache/node-lts/node_modules/node-linux-${arch}/bin/node`);
const available = existsSync(binary);

if (!available) {
  const message = `No Node ${NODE_LTS_MAJOR} at ${binary}: run 'bash scripts/install-node-lts.sh'.`;
  if (process.env.REQUIRE_NODE_LTS === '1') throw new Error(`${message} REQUIRE_NODE_LTS=1 forbids skipping the Node LTS test.`);
  console.warn(`\n${'!'.repeat(80)}\n!! NODE LTS TEST SKIPPED: ${message}\n${'!'.repeat(80)}\n`);
}

describe.runIf(available)(`the compiled server on Node ${NODE_LTS_MAJOR}`, () => {
  let database: TestDatabase;
  let dataDir: string;
  let server: ChildProcess;
  let baseUrl: string;

  beforeAll(async () => {
    if (!existsSync(join(root, 'apps/server/dist/main.js'))) throw new Error('The server is not built: run `npm run build` first.');
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'node-lts-data-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(binary, ['--enable-source-maps', 'apps/server/dist/main.js'], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, DATA_DIR: dataDir, DATABASE_URL: database.url ?? '', LOG_LEVEL: 'error' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForHealth(baseUrl, server);
  }, 90_000);

  afterAll(async () => {
    if (server) await stopProcess(server);
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`runs on Node ${NODE_LTS_MAJOR}`, () => {
    const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
    expect(version).toMatch(new RegExp(`^v${NODE_LTS_MAJOR}\\.`));
    expect(process.version).toMatch(/^v20\./);
  });

  it('answers health, sign-in, tRPC over HTTP, uploads and a live subscription over a WebSocket', async () => {
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);

    const email = `lts.${Date.now()}@example.com`;
    const signedIn = await fetch(`${baseUrl}/auth/dev/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith('session='))!.split(';')[0]!;
    const headers = { cookie, origin: baseUrl };
    const http = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${baseUrl}/trpc`, transformer: superjson, headers })] });
    expect((await http.profiles.me.query())?.email).toBe(email);

    // sharp's native module and the image pipeline, on the new runtime.
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${baseUrl}/api/uploads/community-logo`, { method: 'POST', body: form, headers });
    expect(uploaded.status).toBe(201);
    const logo = (await uploaded.json()) as { url: string };
    const served = await fetch(`${baseUrl}${logo.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');

    const community = await http.communities.create.mutate({ name: `Node ${NODE_LTS_MAJOR} ${Date.now()}`, logoUrl: logo.url, category: CATEGORY_VALUES[0], language: COMMUNITY_LANGUAGE_VALUES[0], contactEmail: 'lts@example.com', availableSeats: null });

    class BrowserLikeWebSocket extends WebSocket {
      constructor(url: string | URL) {
        super(url, { headers });
      }
    }
    const socket = createWSClient({ url: `${baseUrl.replace('http', 'ws')}/trpc`, WebSocket: BrowserLikeWebSocket as unknown as typeof globalThis.WebSocket });
    const live = createTRPCClient<AppRouter>({ links: [wsLink({ client: socket, transformer: superjson })] });
    try {
      const received = new Promise<string>((resolve, reject) => {
        live.posts.onFeed.subscribe(
          { communityId: community.id },
          {
            onStarted: () => void http.posts.create.mutate({ communityId: community.id, content: 'Hello from the LTS line', feeling: null }).catch(reject),
            onData: ({ data }) => data.type === 'post.created' && resolve(data.post.content),
            onError: reject,
          },
        );
      });
      expect(await received).toBe('Hello from the LTS line');
    } finally {
      socket.close();
    }
  });
});
