/**
 * One simulated member: calls over HTTP through the balancer (tRPC's client over http.ts), and one WebSocket per
 * open tab (LOAD_TABS, 1 by default; tab.ts) each holding the feed, chat inbox and notifications
 * subscriptions, as each tab of the web app does. Between actions the member
 * thinks 5-15 s (LOAD_THINK_MS). A reconnect (the process it was on going away) resumes the
 * subscriptions from their last event id, as in the browser.
 */
import type { AppRouter } from '@app/api';
import { createTRPCClient, httpLink, type TRPCClient } from '@trpc/client';
import superjson from 'superjson';
import { leanFetch } from './http.ts';
import type { FeedWatch, Ledger } from './ledger.ts';
import type { Metrics } from './metrics.ts';
import type { Person } from './seed.ts';
import { Tab } from './tab.ts';

export interface MemberOptions {
  balancerUrl: string;
  thinkMs: readonly [number, number];
  /** Tabs open: a WebSocket each, with its own three subscriptions and its own feed counted. */
  tabs: number;
  metrics: Metrics;
  ledger: Ledger;
}

type Action = (member: Member) => Promise<void>;

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

/** What members do, with how often (weights). */
const ACTIONS: Array<[weight: number, Action]> = [
  [25, (m) => m.openFeed()],
  [20, (m) => m.readComments()],
  [15, (m) => m.like()],
  [8, (m) => m.comment()],
  [4, (m) => m.post()],
  [10, (m) => m.chat()],
  [8, (m) => m.openCourse()],
  [5, (m) => m.calendar()],
  [5, (m) => m.board()],
];
const TOTAL_WEIGHT = ACTIONS.reduce((sum, [w]) => sum + w, 0);

export class Member {
  private readonly tabs: Tab[];
  private readonly client: TRPCClient<AppRouter>;
  private readonly stop = new AbortController();
  private postIds: string[] = [];
  private readonly liked = new Set<string>();
  private readonly ticked = new Set<string>();
  running: Promise<void> = Promise.resolve();

  constructor(
    readonly person: Person,
    private readonly partner: Person | null,
    private readonly options: MemberOptions,
  ) {
    const headers = { cookie: person.cookie, origin: options.balancerUrl };
    this.client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${options.balancerUrl}/trpc`, transformer: superjson, headers, fetch: leanFetch as unknown as typeof fetch })] });
    this.tabs = Array.from({ length: options.tabs }, () => new Tab(person, options));
  }

  /** Each tab's subscriptions started (tab.ts). */
  get started(): Array<Promise<void>> {
    return this.tabs.map((tab) => tab.started);
  }

  /** The feeds the member's tabs hold open. */
  get feeds(): FeedWatch[] {
    return this.tabs.map((tab) => tab.feed);
  }

  /** Opens every tab's subscriptions and starts acting until `leave`. */
  join(): void {
    for (const tab of this.tabs) tab.open();
    this.running = this.act();
  }

  /** Stops acting (subscriptions stay open): the run's writes are over, the feeds still listen. */
  async rest(): Promise<void> {
    this.stop.abort();
    await this.running;
  }

  async leave(): Promise<void> {
    await this.rest();
    await Promise.all(this.tabs.map((tab) => tab.close()));
  }

  private async act(): Promise<void> {
    const [min, max] = this.options.thinkMs;
    // Arrive spread over one think time, not all at once.
    await this.think(Math.random() * max);
    while (!this.stop.signal.aborted) {
      let roll = Math.random() * TOTAL_WEIGHT;
      const action = ACTIONS.find(([weight]) => (roll -= weight) < 0)?.[1] ?? ACTIONS[0]![1];
      await action(this).catch(() => undefined); // counted by Metrics.timed
      await this.think(min + Math.random() * (max - min));
    }
  }

  private think(ms: number): Promise<void> {
    const { signal } = this.stop;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  private timed<T>(kind: string, call: () => Promise<T>): Promise<T> {
    return this.options.metrics.timed(kind, call);
  }

  async openFeed(): Promise<void> {
    const { community } = this.person;
    await this.timed('communities.byName', () => this.client.communities.byName.query({ name: community.name }));
    const page = await this.timed('posts.list', () => this.client.posts.list.query({ communityId: community.id }));
    this.postIds = page.items.map((p) => p.id);
    for (const p of page.items) if (p.likedByMe) this.liked.add(p.id);
  }

  private async somePost(): Promise<string | undefined> {
    if (this.postIds.length === 0) await this.openFeed();
    return pick(this.postIds);
  }

  async readComments(): Promise<void> {
    const postId = await this.somePost();
    if (!postId) return;
    await this.timed('posts.byId', () => this.client.posts.byId.query({ postId }));
    await this.timed('posts.comments', () => this.client.posts.comments.query({ postId }));
  }

  async like(): Promise<void> {
    const postId = (await this.somePost()) ?? '';
    if (!postId || this.liked.has(postId)) return;
    this.liked.add(postId);
    await this.timed('posts.like', () => this.client.posts.like.mutate({ postId, liked: true }));
    this.options.ledger.likes.push({ postId, userId: this.person.userId });
  }

  async comment(): Promise<void> {
    const postId = await this.somePost();
    if (!postId) return;
    const { comment } = await this.timed('posts.addComment', () => this.client.posts.addComment.mutate({ postId, content: `Good point, member ${this.person.index} agrees.` }));
    this.options.ledger.comments.push(comment.id);
  }

  async post(): Promise<void> {
    const { community } = this.person;
    const content = `Member ${this.person.index} says hello at ${Date.now()} (${Math.random().toString(36).slice(2, 8)})`;
    const sentAt = this.options.ledger.postSent(content);
    const post = await this.timed('posts.create', () => this.client.posts.create.mutate({ communityId: community.id, content }));
    this.options.ledger.postAcknowledged(post.id, community.id, sentAt);
  }

  async chat(): Promise<void> {
    if (!this.partner) return;
    const conversation = { communityId: this.person.community.id, userId: this.partner.userId };
    const sent = await this.timed('chat.send', () => this.client.chat.send.mutate({ ...conversation, text: `Hi from member ${this.person.index}` }));
    this.options.ledger.messages.push(sent.id);
    await this.timed('chat.messages', () => this.client.chat.messages.query(conversation));
  }

  async openCourse(): Promise<void> {
    const { courseId, lessonIds } = this.person.community;
    const lessonId = lessonIds.find((id) => !this.ticked.has(id)) ?? lessonIds[0]!;
    await this.timed('courses.byId', () => this.client.courses.byId.query({ courseId }));
    await this.timed('courses.lesson', () => this.client.courses.lesson.query({ lessonId }));
    if (this.ticked.has(lessonId)) return;
    this.ticked.add(lessonId);
    await this.timed('courses.setComplete', () => this.client.courses.setComplete.mutate({ lessonId, completed: true }));
    this.options.ledger.lessons.push({ lessonId, userId: this.person.userId });
  }

  async calendar(): Promise<void> {
    const from = new Date(Date.now() - 7 * 86_400_000);
    const to = new Date(Date.now() + 28 * 86_400_000);
    await this.timed('calendar.list', () => this.client.calendar.list.query({ communityId: this.person.community.id, from, to }));
  }

  async board(): Promise<void> {
    await this.timed('levels.board', () => this.client.levels.board.query({ communityId: this.person.community.id, period: '30d' }));
  }
}
