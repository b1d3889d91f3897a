/**
 * Chat at scale: a conversation of 100,000 encrypted messages between the bench user and one
 * member of the bench feed community, then the newest page of chat.messages (decrypted on the
 * server) against the bare-Fastify route doing the same work.
 */
import { parseKeyring, seal } from '@app/api/server';
import { sql } from 'drizzle-orm';
import { FEED_COMMUNITY_ID } from './feed.ts';
import type { BenchContext } from './context.ts';

export const CHAT_MESSAGES_ROWS = 100_000;
/** Distinct ciphertexts seeded (each a valid encryption for this conversation), repeated over the rows. */
const DISTINCT = 1_000;
/** The other person: a fixed id, so scenario paths can name them before seeding. */
export const CHAT_PEER_ID = '00000000-0000-4000-8000-00000000c4a7';

const input = encodeURIComponent(JSON.stringify({ json: { communityId: FEED_COMMUNITY_ID, userId: CHAT_PEER_ID } }));
export const chatTrpcPath = `/trpc/chat.messages?input=${input}`;
export const chatFastifyPath = `/api/bench/chat/${FEED_COMMUNITY_ID}/${CHAT_PEER_ID}`;

/** Seeds the peer (a member of the feed community) and 100,000 messages encrypted under `chatKey` (the server's). */
export async function seedChat(ctx: BenchContext, chatKey: string): Promise<void> {
  if (!ctx.database) return;
  const { db } = ctx.database;
  const started = Date.now();
  const keys = parseKeyring(chatKey);
  const contents: string[] = [];
  for (let i = 0; i < DISTINCT; i += 1) {
    const plain = { text: `Message ${i}: shall we go over the notes from the last session?`, videoUrl: null, fileName: null };
    contents.push(seal(keys, FEED_COMMUNITY_ID, ctx.user.id, CHAT_PEER_ID, JSON.stringify(plain)).content);
  }
  await db.execute(sql`INSERT INTO profiles (id, username, email, full_name) VALUES (${CHAT_PEER_ID}, 'chat_peer', 'peer@bench.example', 'Chat Peer')`);
  await db.execute(sql`INSERT INTO community_members (community_id, user_id, role, status) VALUES (${FEED_COMMUNITY_ID}, ${CHAT_PEER_ID}, 'member', 'approved')`);
  await db.execute(sql`
    INSERT INTO messages (community_id, sender_id, receiver_id, kind, content, key_id, created_at, read_at)
    SELECT ${FEED_COMMUNITY_ID},
           CASE WHEN i % 2 = 0 THEN ${ctx.user.id}::uuid ELSE ${CHAT_PEER_ID}::uuid END,
           CASE WHEN i % 2 = 0 THEN ${CHAT_PEER_ID}::uuid ELSE ${ctx.user.id}::uuid END,
           'text', (${sql.param(contents)}::text[])[1 + i % ${DISTINCT}], ${keys.currentId},
           now() - make_interval(secs => i * 20), now()
    FROM generate_series(1, ${CHAT_MESSAGES_ROWS}) AS i`);
  await db.execute(sql`ANALYZE messages`);
  console.log(`[seeded ${CHAT_MESSAGES_ROWS.toLocaleString('en-US')} encrypted messages in ${((Date.now() - started) / 1000).toFixed(1)} s]`);
}
