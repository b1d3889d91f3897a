/**
 * One open tab of a simulated member: a WebSocket through the balancer holding the member's feed,
 * chat inbox and notifications subscriptions, as each tab of the web app does, speaking tRPC's
 * WebSocket protocol itself (as `npm run bench:fanout`'s sockets do; the server sees what the web
 * app's client sends).
 *
 * Why not tRPC's client: with five tabs a member (5,000 sockets at 1,000 members) this one process
 * received some 4,000 events a second, and tRPC's client handed each on through its observables and
 * superjson, about half a core of the machine the server shares: the run measured the generator's
 * own queue (its event loop's p99 passed a second). In a browser each tab does that work on its own
 * machine. This tab reads only what the run counts (a `post.created` on the feed: its id and text);
 * of every other event it reads the subscription and the event id off the text, without parsing it.
 *
 * It behaves as tRPC's client does where the server can tell: each subscription is resumed from the
 * last event id it was sent, on a new socket, when the socket closes (at once, then after 2, 4, …
 * up to 30 s, tRPC's backoff) or the server asks clients to reconnect (a draining process); it
 * answers the server's keep-alive; and it stops its subscriptions before closing.
 */
import { LIVE_RESET } from '@app/shared/live';
import WebSocket from 'ws';
import type { FeedWatch, Ledger } from './ledger.ts';
import type { Metrics } from './metrics.ts';
import type { Person } from './seed.ts';

/** What a tab needs of its member's options. */
export interface TabOptions {
  balancerUrl: string;
  metrics: Metrics;
  ledger: Ledger;
}

/** What a live event carries that the run reads. */
type LiveData = { type?: string; post?: { id: string; content: string } };

interface Subscription {
  id: number;
  /** The name its errors are counted under (the procedure's path). */
  path: string;
  input: unknown;
  lastEventId?: string;
  onStarted?: () => void;
  onData?: (data: LiveData) => void;
  onError?: () => void;
  /** Ended by the server (an error, or stopped): not asked for again on a new socket. */
  ended?: boolean;
  /** Counted towards the tab's `started`. */
  counted?: boolean;
}

/** The server's messages, as tRPC's WebSocket adapter writes them (superjson's `json` part read). */
interface ServerMessage {
  id?: number | null;
  method?: string;
  result?: { type: 'started' | 'data' | 'stopped'; id?: string; data?: { json?: { data?: LiveData } } };
  error?: { json?: { message?: string } };
}

/**
 * A tracked event's message as tRPC's adapter writes it, `{"id":<subscription>,"result":{"type":"data",
 * "data":…,"id":"<event id>"}}`: its start, and the event id that ends it. Read off the bytes.
 */
const DATA_HEAD = /^\{"id":(\d+),"result":\{"type":"data",/;
const EVENT_ID = Buffer.from(',"id":"');
const END = Buffer.from('"}}');
const READ_WHOLE = [Buffer.from('"post.created"'), Buffer.from(`"${LIVE_RESET}"`)];

/** The subscription and event id of a tracked event's message, or null when it is another kind of message. */
function trackedEvent(raw: Buffer): { subscription: number; eventId: string } | null {
  const head = DATA_HEAD.exec(raw.toString('latin1', 0, 48));
  if (!head || !raw.subarray(raw.length - END.length).equals(END)) return null;
  const at = raw.lastIndexOf(EVENT_ID);
  if (at < 0) return null;
  const eventId = raw.toString('latin1', at + EVENT_ID.length, raw.length - END.length);
  return /^\d+$/.test(eventId) ? { subscription: Number(head[1]), eventId } : null;
}

/** tRPC's client's wait before its next connection attempt. */
const retryDelay = (attempt: number) => (attempt === 0 ? 0 : Math.min(1000 * 2 ** attempt, 30_000));

export class Tab {
  readonly feed: FeedWatch;
  /** Resolves once each subscription of the first socket has been started by the server (or ended). */
  readonly started: Promise<void>;
  private markStarted!: () => void;
  private waitingToStart = 0;
  private readonly subscriptions = new Map<number, Subscription>();
  private socket: WebSocket | null = null;
  private attempt = 0;
  private opens = 0;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly person: Person,
    private readonly options: TabOptions,
  ) {
    this.feed = options.ledger.watch(person.community.id);
    this.started = new Promise((resolve) => (this.markStarted = resolve));
  }

  /** Opens the socket and the three subscriptions. */
  open(): void {
    const { ledger, metrics } = this.options;
    const communityId = this.person.community.id;
    this.add({
      path: 'posts.onFeed',
      input: { communityId },
      onStarted: () => {
        this.feed.openSince ??= performance.now();
      },
      onData: (data) => {
        if (data.type === 'post.created' && data.post) ledger.postReceived(this.feed, data.post.id, data.post.content);
        else if (data.type === LIVE_RESET) metrics.error('posts.onFeed', new Error('replay reset: the feed refetches'));
      },
      onError: () => {
        this.feed.failed = true;
      },
    });
    this.add({ path: 'chat.onInbox', input: {} });
    this.add({ path: 'notifications.onChange', input: {} });
    this.waitingToStart = this.subscriptions.size;
    this.connect();
  }

  /** Stops the subscriptions and closes the socket, waiting for it to close. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const socket = this.socket;
    this.socket = null;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    const gone = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    if (socket.readyState === WebSocket.OPEN) for (const { id } of this.subscriptions.values()) socket.send(JSON.stringify({ id, method: 'subscription.stop' }));
    socket.close();
    await gone;
  }

  /** Counts a subscription's first start (or end) towards `started`. */
  private startedOnce(subscription: Subscription): void {
    if (subscription.counted) return;
    subscription.counted = true;
    if (--this.waitingToStart === 0) this.markStarted();
  }

  private add(subscription: Omit<Subscription, 'id'>): void {
    const id = this.subscriptions.size + 1;
    this.subscriptions.set(id, { id, ...subscription });
  }

  private connect(): void {
    if (this.closed) return;
    const { balancerUrl, metrics } = this.options;
    const socket = new WebSocket(`${balancerUrl.replace(/^http/, 'ws')}/trpc`, {
      headers: { cookie: this.person.cookie, origin: balancerUrl },
      // What the run reads off the bytes is ASCII; a message read whole is decoded as UTF-8 first.
      skipUTF8Validation: true,
    });
    this.socket = socket;
    socket.on('open', () => {
      this.attempt = 0;
      this.opens += 1;
      if (this.opens > 1) metrics.reconnected();
      for (const { id, path, input, lastEventId, ended } of this.subscriptions.values()) {
        if (!ended) socket.send(JSON.stringify({ id, method: 'subscription', params: { path, input: { json: input }, lastEventId } }));
      }
    });
    socket.on('message', (raw) => this.receive(socket, Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw)));
    // A failed attempt is followed by 'close', which retries.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (this.socket !== socket || this.closed) return;
      this.socket = null;
      this.retry = setTimeout(() => this.connect(), retryDelay(this.attempt++));
    });
  }

  private receive(socket: WebSocket, raw: Buffer): void {
    // tRPC's keep-alive.
    if (raw.length === 4) {
      const word = raw.toString('latin1');
      if (word === 'PING') return socket.send('PONG');
      if (word === 'PONG') return;
    }
    // Most messages are events the run does not read: their subscription and event id are enough.
    if (!READ_WHOLE.some((word) => raw.includes(word))) {
      const event = trackedEvent(raw);
      if (event) {
        const subscription = this.subscriptions.get(event.subscription);
        if (subscription) subscription.lastEventId = event.eventId;
        return;
      }
    }
    const text = raw.toString('utf8');
    const message = JSON.parse(text) as ServerMessage;
    if (message.method === 'reconnect') {
      // A process draining: carry on on a new socket at once, and let this one go.
      this.socket = null;
      socket.terminate();
      this.connect();
      return;
    }
    const subscription = message.id == null ? undefined : this.subscriptions.get(message.id);
    if (!subscription) return;
    if (message.error) {
      this.startedOnce(subscription);
      subscription.ended = true;
      this.options.metrics.error(subscription.path, new Error(message.error.json?.message ?? 'error'));
      subscription.onError?.();
      return;
    }
    const { result } = message;
    if (result?.type === 'started') {
      this.startedOnce(subscription);
      subscription.onStarted?.();
    } else if (result?.type === 'stopped') {
      this.startedOnce(subscription);
      subscription.ended = true;
    }
    else if (result?.type === 'data') {
      if (result.id !== undefined) subscription.lastEventId = result.id;
      const data = result.data?.json?.data;
      if (data) subscription.onData?.(data);
    }
  }
}
