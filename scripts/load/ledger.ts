/**
 * Every write the server acknowledged, and every post each member's feed received: after the run
 * (and its drills) the acknowledged writes are looked up in the database, and each acknowledged
 * post is looked for in every feed that was open from before it was sent to the end.
 */
import { performance } from 'node:perf_hooks';
import type { Database } from '@app/db';
import { sql } from 'drizzle-orm';
import type { Metrics } from './metrics.ts';

interface SentPost {
  communityId: string;
  sentAt: number;
  ackedAt: number | null;
}

/** A member's feed subscription: when it started, whether it failed, and what it received. */
export interface FeedWatch {
  communityId: string;
  openSince: number | null;
  failed: boolean;
  received: Set<string>;
}

export interface LedgerCheck {
  posts: { acknowledged: number; found: number };
  comments: { acknowledged: number; found: number };
  likes: { acknowledged: number; found: number };
  messages: { acknowledged: number; found: number };
  lessons: { acknowledged: number; found: number };
  /** Acknowledged posts × feeds open throughout, and how many of those deliveries arrived. */
  feeds: Deliveries;
}

export interface Deliveries {
  watched: number;
  expected: number;
  received: number;
}

export class Ledger {
  readonly posts = new Map<string, SentPost>();
  /** Time a post's request was sent, by its content (the event may come before the answer). */
  private readonly sentByContent = new Map<string, number>();
  readonly comments: string[] = [];
  readonly likes: Array<{ postId: string; userId: string }> = [];
  readonly messages: string[] = [];
  readonly lessons: Array<{ lessonId: string; userId: string }> = [];
  readonly feeds: FeedWatch[] = [];

  constructor(private readonly metrics: Metrics) {}

  postSent(content: string): number {
    const now = performance.now();
    this.sentByContent.set(content, now);
    return now;
  }

  postAcknowledged(postId: string, communityId: string, sentAt: number): void {
    this.posts.set(postId, { communityId, sentAt, ackedAt: performance.now() });
  }

  /** A post.created event reached a member's feed: its delay counts once per receiving feed. */
  postReceived(feed: FeedWatch, postId: string, content: string): void {
    if (feed.received.has(postId)) return;
    feed.received.add(postId);
    const sentAt = this.sentByContent.get(content);
    if (sentAt !== undefined) this.metrics.delivered(performance.now() - sentAt);
  }

  watch(communityId: string): FeedWatch {
    const feed: FeedWatch = { communityId, openSince: null, failed: false, received: new Set() };
    this.feeds.push(feed);
    return feed;
  }

  /** Each acknowledged post in every feed open from before it was sent to the end (`openFeeds`): how many arrived so far. */
  deliveries(openFeeds: Set<FeedWatch>): Deliveries {
    let expected = 0;
    let received = 0;
    let watched = 0;
    for (const feed of this.feeds) {
      if (feed.openSince === null || feed.failed || !openFeeds.has(feed)) continue;
      watched += 1;
      for (const [postId, post] of this.posts) {
        if (post.communityId !== feed.communityId || post.sentAt < feed.openSince || post.ackedAt === null) continue;
        expected += 1;
        if (feed.received.has(postId)) received += 1;
      }
    }
    return { watched, expected, received };
  }

  async check(database: Database, openFeeds: Set<FeedWatch>): Promise<LedgerCheck> {
    const { db } = database;
    const count = async (query: ReturnType<typeof sql>) => Number(((await db.execute(query)) as unknown as Array<{ n: string }>)[0]?.n ?? 0);
    const postIds = [...this.posts.keys()];
    const found = {
      posts: await count(sql`SELECT count(*) AS n FROM posts WHERE id = ANY(${sql.param(postIds)}::uuid[])`),
      comments: await count(sql`SELECT count(*) AS n FROM comments WHERE id = ANY(${sql.param(this.comments)}::uuid[])`),
      messages: await count(sql`SELECT count(*) AS n FROM messages WHERE id = ANY(${sql.param(this.messages)}::uuid[])`),
      likes: await count(sql`
        SELECT count(*) AS n FROM post_likes l
        JOIN unnest(${sql.param(this.likes.map((l) => l.postId))}::uuid[], ${sql.param(this.likes.map((l) => l.userId))}::uuid[]) AS a(post_id, user_id)
          ON l.post_id = a.post_id AND l.user_id = a.user_id`),
      lessons: await count(sql`
        SELECT count(*) AS n FROM lesson_completions c
        JOIN unnest(${sql.param(this.lessons.map((l) => l.lessonId))}::uuid[], ${sql.param(this.lessons.map((l) => l.userId))}::uuid[]) AS a(lesson_id, user_id)
          ON c.lesson_id = a.lesson_id AND c.user_id = a.user_id`),
    };
    return {
      posts: { acknowledged: postIds.length, found: found.posts },
      comments: { acknowledged: this.comments.length, found: found.comments },
      likes: { acknowledged: this.likes.length, found: found.likes },
      messages: { acknowledged: this.messages.length, found: found.messages },
      lessons: { acknowledged: this.lessons.length, found: found.lessons },
      feeds: this.deliveries(openFeeds),
    };
  }
}
