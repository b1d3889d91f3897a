import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES } from '@app/shared/language';
import { PRERENDERED_PAGES, prerenderedFile } from '@app/shared/prerendered';
import { signIn, useServer } from '../testing/index.ts';

/** What the build writes: each public page and each language's shell, marked so a test can tell them apart. */
function writePrerendered(webDist: string) {
  for (const language of INTERFACE_LANGUAGES) {
    for (const page of [...PRERENDERED_PAGES, null]) {
      const file = join(webDist, prerenderedFile(language, page));
      const html = `<!doctype html><html lang="${language}"><div id="root">${page ?? 'shell'} in ${language}</div>`;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, html);
      writeFileSync(`${file}.br`, brotliCompressSync(html));
    }
  }
}

describe('pages: rendered ahead of time for visitors, in their language', () => {
  const server = useServer();

  async function page(url: string, headers: Record<string, string> = {}) {
    const app = await server.extraApp();
    const res = await app.inject({ url, headers: { accept: 'text/html', ...headers } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers.vary).toMatch(/accept-language/i);
    return res;
  }

  it('sends a visitor the page rendered ahead of time, in English by default', async () => {
    writePrerendered(server.webDist);
    expect((await page('/')).body).toContain('/ in en');
    expect((await page('/pricing?plan=x')).body).toContain('/pricing in en');
    expect((await page('/terms-of-use')).body).toContain('/terms-of-use in en');
    expect((await page('/discover', { 'accept-language': 'fr-FR, de;q=0.8' })).body).toContain('/discover in en');
  });

  it("chooses the language by the person's choice (cookie), then by Accept-Language", async () => {
    writePrerendered(server.webDist);
    expect((await page('/login', { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.8' })).body).toContain('/login in ar');
    expect((await page('/login', { 'accept-language': 'ar', cookie: 'lang=en' })).body).toContain('/login in en');
    expect((await page('/', { 'accept-language': 'en-US', cookie: 'theme=x; lang=ar' })).body).toContain('/ in ar');
    expect((await page('/', { cookie: 'lang=xx' })).body).toContain('/ in en');
  });

  it('sends a signed-in person, and any other page, the empty shell of their language', async () => {
    writePrerendered(server.webDist);
    const session = await signIn(server.app);
    expect((await page('/', { cookie: session })).body).toContain('shell in en');
    expect((await page('/pricing', { cookie: `${session}; lang=ar` })).body).toContain('shell in ar');
    expect((await page('/settings')).body).toContain('shell in en');
    expect((await page('/community/anything', { 'accept-language': 'ar' })).body).toContain('shell in ar');
    expect((await page('/nowhere/at/all')).body).toContain('shell in en');
  });

  it('sends the page compressed when the browser accepts it, and API paths still get a JSON 404', async () => {
    writePrerendered(server.webDist);
    const res = await page('/pricing', { 'accept-encoding': 'br', 'accept-language': 'ar' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('/pricing in ar');
    const app = await server.extraApp();
    const api = await app.inject({ url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
  });

  it('without pages rendered ahead of time (an older build), every page is index.html', async () => {
    const res = await server.app.inject({ url: '/pricing', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>app</title>');
  });
});
