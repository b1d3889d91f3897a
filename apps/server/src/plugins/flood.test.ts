import { scaledCallLimits } from '@app/api/server';
import type { FastifyInstance } from 'fastify';
import superjson from 'superjson';
import { beforeAll, describe, expect, it } from 'vitest';
import { countSessionLookups, ownerMemberStranger, useServer, type OwnerMemberStranger } from '../testing/index.ts';

// A fifth of the budgets (a burst of 60 calls, then 2 a second), to keep the test light; every caller
// comes from 127.0.0.1, so the per-address budget is lifted, as behind a large NAT.
const env = { RATE_LIMIT_SCALE: '0.2', ADDRESS_LIMIT_SCALE: '1000' };
const { burst, perSecond } = scaledCallLimits(0.2).budget.person;

type Answer = { result?: unknown; error?: { json: { data: { code: string } } } };

/** A page's worth of `posts.list` of the community, in one batch. */
function feedBatch(app: FastifyInstance, cookie: string, communityId: string, n: number) {
  const paths = Array.from({ length: n }, () => 'posts.list').join(',');
  const input = Object.fromEntries(Array.from({ length: n }, (_, i) => [i, superjson.serialize({ communityId })]));
  return app.inject({ method: 'GET', url: `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`, headers: { cookie } });
}

describe('a member flooding reads across two processes', () => {
  const server = useServer(env);
  let second: FastifyInstance;
  let scene: OwnerMemberStranger;
  let flooder: string;

  beforeAll(async () => {
    second = await server.extraApp();
    // The member signs in on the second process; the flooder is the owner.
    scene = await ownerMemberStranger(server, 'Flood', second);
    flooder = scene.ownerCookie;
  });

  it("runs only the flooder's budget of calls, refuses the rest before any work, and serves the other member's page in full", async () => {
    const apps = [server.app, second];
    const lookups = apps.map(countSessionLookups);
    // The first request on each process meets the person; then 60 batches of 20 (1,200 reads) at once.
    const first = await Promise.all(apps.map((app) => feedBatch(app, flooder, scene.communityId, 20)));
    const flood = Promise.all(Array.from({ length: 60 }, (_, i) => feedBatch(apps[i % 2]!, flooder, scene.communityId, 20)));
    // Meanwhile the member opens the feed page on both processes.
    const page = await Promise.all(apps.map((app) => feedBatch(app, scene.memberCookie, scene.communityId, 10)));
    const answers = [...first, ...(await flood)].flatMap((res) => res.json() as Answer[]);
    const ran = answers.filter((answer) => answer.result !== undefined).length;
    const refused = answers.filter((answer) => answer.error?.json.data.code === 'TOO_MANY_REQUESTS').length;
    expect(ran + refused).toBe(answers.length);

    // The member's page: every read answered, none refused.
    for (const res of page) {
      expect(res.statusCode).toBe(200);
      expect((res.json() as Answer[]).every((answer) => answer.result !== undefined)).toBe(true);
    }
    // The flooder ran at most a burst on each process (the processes share the budget about once a second), and a little refill.
    // (Refill: a minute's worth, far more than the flood takes, and far less than it sends.)
    const most = 2 * burst + 60 * perSecond;
    expect(ran).toBeLessThanOrEqual(most);
    expect(refused).toBeGreaterThanOrEqual(answers.length - most);
    // A refused request cost no session lookup: only requests that ran (and the member's) looked one up.
    const lookedUp = lookups.reduce((sum, l) => sum + l.count, 0);
    expect(lookedUp).toBeLessThanOrEqual(Math.ceil(ran / 20) + page.length + 2);
  }, 90_000);
});
