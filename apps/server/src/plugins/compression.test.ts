import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { communities } from '@app/db/schema';
import { fetchMe, signIn, useServer } from '../testing/index.ts';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('compression', () => {
  const server = useServer();

  /** A built asset with the .br and .gz the build writes beside it. */
  function writeAsset() {
    const dir = join(server.webDist, 'assets');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'app-abc123.js'), SCRIPT);
    writeFileSync(join(dir, 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dir, 'app-abc123.js.gz'), gzipSync(SCRIPT));
  }

  it('sends a built asset precompressed in the encoding the browser prefers, varying on Accept-Encoding, still immutable', async () => {
    writeAsset();
    // Files are routed as the server finds them at start: one started after the build wrote them.
    const app = await server.extraApp();
    const br = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('compresses a large API answer for a browser that accepts it, and leaves small ones alone', async () => {
    const owner = (await fetchMe(server.app, await signIn(server.app))).data!.id;
    await server.database.db
      .insert(communities)
      .values(Array.from({ length: 20 }, (_, i) => ({ name: `Compressible ${i} ${Date.now()}`, ownerId: owner, description: 'A community. '.repeat(20) })));
    const input = encodeURIComponent(JSON.stringify({ json: { search: 'Compressible', limit: 50 } }));
    const plain = await server.app.inject({ url: `/trpc/communities.list?input=${input}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(1024);
    const large = await server.app.inject({ url: `/trpc/communities.list?input=${input}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body) / 3);
    expect(brotliDecompressSync(large.rawPayload).toString()).toBe(plain.body);
    const small = await server.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ ok: true });
  });

  it('sends a small tRPC answer whole, with its length and uncompressed, and a batch the same way', async () => {
    const cookie = await signIn(server.app);
    for (const url of ['/trpc/profiles.me', '/trpc/profiles.me,profiles.me?batch=1&input=%7B%7D']) {
      const res = await server.app.inject({ url, headers: { cookie, 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['transfer-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(JSON.stringify(res.json())).toContain('"email"');
    }
  });
});
