import postgres from 'postgres';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeBrowser, screenshot, signInThroughUi, signUp, uniqueEmail, usePeople } from './support/index.ts';

const databaseUrl = inject('databaseUrl');
if (inject('e2eEnabled') && !databaseUrl) console.warn('Paid-join browser test skipped: the e2e app runs on PGlite, which this process cannot seed.');
const describePaidJoin = databaseUrl ? describeBrowser : describeBrowser.skip;

describePaidJoin('paid join through the local checkout stand-in', () => {
  const { visitor } = usePeople();
  let sql: postgres.Sql;
  const name = `Ledger Guild ${Date.now().toString(36)}`;
  let communityId: string;

  beforeAll(async () => {
    sql = postgres(databaseUrl!, { max: 2, onnotice: () => {} });
    const owner = await signUp(uniqueEmail('owner'), 'Olga Owner');
    // A paid community as communities.create leaves it: the owner an approved member, counted once.
    const [row] = await sql<{ id: string }[]>`
      insert into communities (name, owner_id, category, language, description, members_count, available_seats, membership_amount_cents)
      values (${name}, ${owner}, 'finance', 'english', 'Bookkeeping for small shops.', 1, 20, 999)
      returning id`;
    communityId = row!.id;
    await sql`insert into community_members (community_id, user_id, role, status) values (${communityId}, ${owner}, 'owner', 'approved')`;
  });
  afterAll(async () => {
    await sql?.end({ timeout: 1 });
  });

  it('joins from the join page: checkout page, Pay, then the community as a member', async () => {
    const { page } = await visitor();
    const email = uniqueEmail('payer');
    await signInThroughUi(page, email, 'Pat Payer');

    await page.goto(`/${encodeURIComponent(name)}/join`);
    await page.getByRole('button', { name: 'Join for US$9.99 USD /mo' }).click();

    // The local stand-in's checkout page.
    await page.waitForURL(/\/checkout\/local\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    expect(await page.getByText('US$9.99 USD /mo', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(email, { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'paid-join-local-checkout');
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back on the community, now as a member: the member view's tabs.
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/community/${name}`);
    await page.getByRole('tab', { name: 'Posts' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Members' }).isVisible()).toBe(true);
    await screenshot(page, 'paid-join-member');

    const [membership] = await sql<{ role: string; status: string }[]>`
      select m.role, m.status from community_members m join profiles p on p.id = m.user_id
      where m.community_id = ${communityId} and lower(p.email) = ${email.toLowerCase()}`;
    expect(membership).toEqual({ role: 'member', status: 'approved' });
    const [community] = await sql<{ members_count: number }[]>`select members_count from communities where id = ${communityId}`;
    expect(community!.members_count).toBe(2);
    const paid = await sql<{ amount_cents: number; provider: string }[]>`
      select pay.amount_cents, pay.provider from payments pay join profiles p on p.id = pay.user_id
      where pay.community_id = ${communityId} and lower(p.email) = ${email.toLowerCase()}`;
    expect(paid).toEqual([{ amount_cents: 999, provider: 'local' }]);
  });
});
