import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { communities, posts, rateLimits } from '@app/db/schema';
import { PAGE_DATA_ID } from '@app/shared/prerendered';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import superjson from 'superjson';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerMemberStranger, setAccountClosed, useServer, type OwnerMemberStranger } from '../testing/index.ts';

/** The built web app (`npm run build`): its pages, and its server build that renders them. */
const BUILT_WEB = fileURLToPath(new URL('../../../web/dist', import.meta.url));
const TZ = 'tz=Europe%2FParis';

/** A page as a browser asks for it. */
function page(app: FastifyInstance, url: string, cookie: string | null) {
  return app.inject({ url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
}

/** The query cache a rendered page carries, as the browser reads it. */
function pageData(body: string): { queries: Array<{ queryKey: unknown; state: { data: unknown } }> } | null {
  const text = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`, 's').exec(body)?.[1];
  return text ? superjson.parse(text) : null;
}

describe("member pages: rendered by the server for the person whose session it is", () => {
  const server = useServer({ WEB_DIST: BUILT_WEB });
  let scene: OwnerMemberStranger;
  let home: string;
  const POST = 'What the members of this club talked about this week';

  beforeAll(async () => {
    scene = await ownerMemberStranger(server, 'Rendered Club');
    const [community] = await server.database.db.update(communities).set({ isPrivate: true }).where(eq(communities.id, scene.communityId)).returning();
    await server.database.db.insert(posts).values({ communityId: scene.communityId, userId: scene.owner, content: POST });
    home = `/community/${encodeURIComponent(community!.name)}`;
  });

  it("sends a member their page rendered with their data, kept by no cache, and the strict CSP", async () => {
    const before = await server.app.live.position();
    const res = await page(server.app, home, `${scene.memberCookie}; ${TZ}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.body).toContain('data-prerendered="1"');
    expect(res.body).toContain(POST);
    expect(res.body).toContain('data-time-zone="Europe/Paris"');
    const data = pageData(res.body)!;
    const me = data.queries.find((query) => JSON.stringify(query.queryKey).includes('"me"'));
    expect((me?.state.data as { id: string }).id).toBe(scene.member);
    // The top bar's counts and lists come with the page (topBarData.ts), as the bar is drawn with them.
    const cached = (path: string[]) => data.queries.find((query) => JSON.stringify((query.queryKey as unknown[])[0]) === JSON.stringify(path))?.state.data;
    expect(JSON.stringify(cached(['communities', 'mine']))).toContain(scene.communityId);
    expect(cached(['notifications', 'unreadCount'])).toBeTypeOf('number');
    expect(cached(['chat', 'recent'])).toEqual([]);
    expect(cached(['chat', 'unreadTotal'])).toBe(0);
    // Where live events stood before the data was read: the page's subscriptions start from it.
    const position = /data-live-position="(\d+)@(\d+)"/.exec(res.body);
    expect(position).not.toBeNull();
    const [afterId, takenAt] = [Number(position![1]), Number(position![2])];
    expect(afterId).toBeGreaterThanOrEqual(before.afterId);
    expect(afterId).toBeLessThanOrEqual((await server.app.live.position()).afterId);
    expect(takenAt).toBeGreaterThanOrEqual(before.takenAt);
    expect(takenAt).toBeLessThanOrEqual(Date.now());
    // The data is a data block: the policy still allows no inline script but the one by its hash.
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline\'; script');
    expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-[^']+'(;|$)/);
  });

  it('sends the page compressed to a browser that accepts it', async () => {
    for (const [accepts, decode] of [
      ['gzip, deflate, br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await server.app.inject({ url: home, headers: { accept: 'text/html', 'accept-encoding': accepts, cookie: `${scene.memberCookie}; ${TZ}` } });
      expect(res.headers['content-encoding'], accepts).toBe(accepts === 'gzip' ? 'gzip' : 'br');
      expect(res.headers.vary, accepts).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString(), accepts).toContain(POST);
    }
  });

  it('writes the page in the Arabic interface, right to left, when that is the language', async () => {
    const res = await page(server.app, `${home}?tab=posts`, `${scene.memberCookie}; ${TZ}; lang=ar`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatch(/<html lang="ar" dir="rtl"/);
    expect(res.body).toContain(POST);
  });

  it("gives a stranger their own view of a private community, without the members' posts", async () => {
    const res = await page(server.app, home, `${scene.strangerCookie}; ${TZ}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(POST);
    expect(JSON.stringify(pageData(res.body) ?? {})).not.toContain(POST);
    expect(JSON.stringify(pageData(res.body) ?? {})).not.toContain(scene.member);
  });

  it('sends a visitor, a browser whose time zone is not known and a closed account the shell, as before', async () => {
    for (const [who, cookie] of [
      ['visitor', TZ],
      ['no zone', scene.memberCookie],
      ['not a zone', `${scene.memberCookie}; tz=Mars%2FOlympus`],
    ] as const) {
      const res = await page(server.app, home, cookie);
      expect(res.headers['cache-control'], who).toBe('no-cache');
      expect(res.body, who).not.toContain(POST);
      expect(res.body, who).not.toContain(PAGE_DATA_ID);
    }
    const closing = await ownerMemberStranger(server, 'Closed Club');
    await setAccountClosed(server.database, closing.member, true);
    const [community] = await server.database.db.select().from(communities).where(eq(communities.id, closing.communityId));
    const res = await page(server.app, `/community/${encodeURIComponent(community!.name)}`, `${closing.memberCookie}; ${TZ}`);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).not.toContain(PAGE_DATA_ID);
  });

  it("renders only a member's pages: any other page is the shell", async () => {
    const res = await page(server.app, '/settings', `${scene.memberCookie}; ${TZ}`);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).not.toContain(PAGE_DATA_ID);
  });

  it('sends the shell when the page cannot be found or is refused (the browser shows why)', async () => {
    const res = await page(server.app, '/community/No%20such%20club', `${scene.memberCookie}; ${TZ}`);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).not.toContain(PAGE_DATA_ID);
  });
});

describe("member pages: each person's renderings are counted", () => {
  const server = useServer({ WEB_DIST: BUILT_WEB });

  it('sends the shell to a person past their renderings, and still renders for everyone else', async () => {
    const scene = await ownerMemberStranger(server, 'Busy Club');
    const [community] = await server.database.db.select().from(communities).where(eq(communities.id, scene.communityId));
    const home = `/community/${encodeURIComponent(community!.name)}`;
    const rendered = async (cookie: string) => (await page(server.app, home, `${cookie}; ${TZ}`)).body.includes(PAGE_DATA_ID);
    // The member has had 29 of their 30 renderings this minute (page:render, counted in the database).
    await server.database.db.insert(rateLimits).values({ key: `page:render:${scene.member}`, hits: 29, windowStart: new Date() });
    expect([await rendered(scene.memberCookie), await rendered(scene.memberCookie)]).toEqual([true, false]);
    expect(await rendered(scene.ownerCookie)).toBe(true);
  });
});

/** A web build whose server renderer fails (throws) or never answers (hangs). */
function brokenBuild(renderer: 'throws' | 'hangs'): string {
  const root = mkdtempSync(join(tmpdir(), 'web-broken-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'prerendered', 'en'), { recursive: true });
  mkdirSync(join(root, 'dist-ssr'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'prerendered', 'en', 'shell.html'), '<!doctype html><div id="root">shell</div>');
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  const body = renderer === 'throws' ? 'throw new Error("the renderer broke")' : 'return new Promise(() => {})';
  writeFileSync(
    join(root, 'dist-ssr', 'prerender.js'),
    `export const stylesheetFirst = (html) => html; export const pageHtml = () => 'rendered'; export async function renderForMember() { ${body} }`,
  );
  return dist;
}

describe('member pages: the shell when rendering fails', () => {
  const server = useServer();

  it('sends the shell when the renderer throws, and when it takes too long', async () => {
    const { memberCookie, communityId } = await ownerMemberStranger(server, 'Fallback Club');
    const [community] = await server.database.db.select().from(communities).where(eq(communities.id, communityId));
    for (const renderer of ['throws', 'hangs'] as const) {
      const app = await server.extraApp({ WEB_DIST: brokenBuild(renderer), MEMBER_PAGE_TIMEOUT_MS: '500' });
      const res = await page(app, `/community/${encodeURIComponent(community!.name)}`, `${memberCookie}; ${TZ}`);
      expect(res.statusCode, renderer).toBe(200);
      expect(res.headers['cache-control'], renderer).toBe('no-cache');
      expect(res.body, renderer).toContain('shell');
    }
  });
});
