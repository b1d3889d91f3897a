import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { LIVE_RESET, type LiveReset, parseLastEventId } from '@app/shared/live';
import { tracked, type TrackedEnvelope } from '@trpc/server';
import type { Context } from './context.ts';
import { AppError } from './errors.ts';
import type { ScopedRule } from './access.ts';
import { stillAllowedInCommunity } from './recheck.ts';
import type { LiveEvent } from '../platform/live/bus.ts';
import { pushSubscription, type PushSubscription, type Send } from '../platform/live/push.ts';
import type { AnyEvent, Topic } from '../platform/live/topic.ts';
import type { MembershipEnded } from './topics.ts';

export interface LiveSubscriptionOptions<E extends AnyEvent, T> {
  ctx: Pick<Context, 'live' | 'isSessionActive'> & { session?: Context['session'] };
  topic: Topic<E>;
  /**
   * The last event id the client saw (sent back on reconnect), or the live position of the page it
   * started on (shared/live.ts): what came after it is sent first, within the replay window; from
   * further back the client is sent a `live.reset` to refetch.
   */
  lastEventId: string | null | undefined;
  signal: AbortSignal | undefined;
  /**
   * Re-checked every `ctx.live.revalidateMs` with the session: false ends the subscription with
   * FORBIDDEN. Absent: the session still standing is enough (the caller's own inbox, bell, …).
   */
  stillAllowed?: () => Promise<boolean>;
  /**
   * Names what `stillAllowed` asks (e.g. `member:<community>:<user>`): the subscriptions of one
   * session asking the same share one check per round (a member's tabs). Absent with `stillAllowed`:
   * a check of its own. Without `stillAllowed`, every such subscription of a session shares one.
   */
  allowedKey?: string;
  /** An event that ends the subscription with FORBIDDEN at once (e.g. the subscriber's membership ending). */
  endsOn?: (event: E) => boolean;
  /** What the client gets for an event (`id` is the event's); null skips it. */
  map: (event: E, id: number) => T | null | Promise<T | null>;
  /** The message the subscriber sees when it is ended. */
  refusal: string;
}

/** The shared check's name for subscriptions that need only the session to stand. */
const SESSION_STANDS = 'session';

/**
 * The one loop behind every live subscription: listen first, then send the missed backlog (or a
 * reset), then events as they commit, each tracked by its id; end when the client goes, or with
 * FORBIDDEN when the session or the right to listen does. It sends its events itself (push.ts): an
 * event whose message is ready (built once for every subscriber, `live.shared`) goes out in the
 * bus's own call, and one still being built waits, with those after it, in order.
 */
export function liveSubscription<E extends AnyEvent, T>(options: LiveSubscriptionOptions<E, T>): PushSubscription<TrackedEnvelope<T | LiveReset>> {
  return pushSubscription((send, signal) => runLiveSubscription(options, send, signal));
}

type Handed<E extends AnyEvent> = { event: LiveEvent<E>; taken: () => void };

async function runLiveSubscription<E extends AnyEvent, T>(options: LiveSubscriptionOptions<E, T>, send: Send<TrackedEnvelope<T | LiveReset>>, signal: AbortSignal): Promise<void> {
  const { ctx, topic } = options;
  const stop = new AbortController();
  const abort = () => stop.abort();
  // The client leaving (the procedure's signal), or the reader stopping (the subscription's).
  const ends = options.signal && options.signal !== signal ? [options.signal, signal] : [signal];
  for (const end of ends) end.addEventListener('abort', abort, { once: true });
  // A client that left before this started: the listener above would never hear of it.
  if (ends.some((end) => end.aborted)) stop.abort();
  let revoked = false;
  const revoke = () => {
    revoked = true;
    stop.abort();
  };
  const { stillAllowed: allowed } = options;
  const check = async () => (await ctx.isSessionActive({ recent: true })) && (allowed ? await allowed() : true);
  // A session's subscriptions that ask nothing more than it standing share one check per round.
  const allowedKey = allowed ? options.allowedKey : SESSION_STANDS;
  const sharedKey = allowedKey && ctx.session ? `${ctx.session.id}|${allowedKey}` : null;
  const stopChecking = ctx.live.revalidate(sharedKey, check, revoke);

  /** Events heard while the backlog is sent, or while an earlier one's message is still being built. */
  const queue: Handed<E>[] = [];
  try {
    let fail!: (error: unknown) => void;
    const ended = new Promise<void>((resolve, reject) => {
      fail = reject;
      if (stop.signal.aborted) resolve();
      else stop.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    const failed = (error: unknown) => {
      fail(error);
      stop.abort();
    };
    await ctx.live.start();
    // Listening starts before the backlog is read, so nothing falls between the two; what the
    // backlog sent, the bus may hand over too, and is not sent again.
    const sent = new Set<number>();
    let live = false;
    let busy = false;
    // The id the client is given to resume from: the highest it has been sent. Events do not always
    // arrive in id order (a transaction can take its id before another and commit after it), and
    // one that arrives late is still sent.
    // A reconnect names the last event it was sent; a member's page, where live events stood as it was read.
    const from = options.lastEventId ? parseLastEventId(options.lastEventId) : null;
    let resumeFrom = from?.afterId ?? 0;

    /** Sends what `map` made of an event (null: nothing), then tells the bus it was taken. */
    const sendOn = (data: T | null, at: string, taken: () => void): void | Promise<void> => {
      if (data === null || stop.signal.aborted) return taken();
      let sending: void | Promise<void>;
      try {
        sending = send(tracked(at, data));
      } catch (error) {
        taken();
        throw error;
      }
      if (!sending) return taken();
      return sending.then(taken);
    };
    const deliver = ({ event: { id, event }, taken }: Handed<E>): void | Promise<void> => {
      if (sent.delete(id)) return taken();
      resumeFrom = Math.max(resumeFrom, id);
      if (options.endsOn?.(event)) {
        taken();
        return revoke();
      }
      const at = String(resumeFrom);
      const data = options.map(event, id);
      if (!(data instanceof Promise)) return sendOn(data, at, taken);
      return data.then(
        (value) => sendOn(value, at, taken),
        (error: unknown) => {
          taken();
          throw error;
        },
      );
    };
    /** Sends the queued events in order, synchronously while each is ready. */
    const drain = () => {
      while (live && !busy && !stop.signal.aborted) {
        const next = queue.shift();
        if (!next) return;
        let step: void | Promise<void>;
        try {
          step = deliver(next);
        } catch (error) {
          return failed(error);
        }
        if (step) {
          busy = true;
          step.then(() => {
            busy = false;
            drain();
          }, failed);
        }
      }
    };
    ctx.live.follow(topic, stop.signal, (event, taken) => {
      if (stop.signal.aborted) return taken();
      if (!live) {
        // Still sending its backlog (read from the database, which a reconnect storm makes slow): the
        // event waits here, taken at once. Left untaken, it held every subscriber after this one, up
        // to the bus's TAKE_WAIT_MS for each event, and the topic's events queued behind.
        queue.push({ event, taken: () => undefined });
        return taken();
      }
      queue.push({ event, taken });
      drain();
    });

    const replay = !from
      ? { events: [] }
      : from.takenAt === undefined
        ? await ctx.live.replay(topic, from.afterId)
        : await ctx.live.replaySince(topic, { afterId: from.afterId, takenAt: from.takenAt });
    if ('reset' in replay) {
      resumeFrom = replay.lastId;
      await send(tracked(String(resumeFrom), { type: LIVE_RESET } as LiveReset));
    }
    for (const { id, event } of 'events' in replay ? replay.events : []) {
      if (stop.signal.aborted) break;
      sent.add(id);
      resumeFrom = Math.max(resumeFrom, id);
      if (options.endsOn?.(event)) continue;
      const data = await options.map(event, id);
      if (data !== null) await send(tracked(String(resumeFrom), data));
    }
    live = true;
    drain();
    await ended;
  } finally {
    stopChecking();
    for (const end of ends) end.removeEventListener('abort', abort);
    stop.abort();
    for (const { taken } of queue.splice(0)) taken();
  }
  if (revoked) throw new AppError('FORBIDDEN', options.refusal);
}

/**
 * A member's subscription to their community's topic, in their domain's view of it: re-checked like
 * any other (against `rule`, by default 'member': a moderators' or admins' view names theirs, and
 * `refusal` the message when it no longer holds), and ended at once when their own membership ends.
 * `map` picks (and shapes) the events this subscription sends, passing over the other domains' (null).
 */
export function communitySubscription<E extends AnyEvent, T>(options: {
  ctx: Pick<Context, 'live' | 'isSessionActive' | 'session'> & { db: Context['db']; user: { id: string }; community: { id: string } };
  topic: Topic<E | MembershipEnded>;
  lastEventId: string | null | undefined;
  signal: AbortSignal | undefined;
  map: (event: E | MembershipEnded, id: number) => T | null | Promise<T | null>;
  rule?: ScopedRule;
  refusal?: string;
}) {
  const { ctx, rule = 'member' } = options;
  const userId = ctx.user.id;
  const communityId = ctx.community.id;
  return liveSubscription<E | MembershipEnded, T>({
    ctx,
    topic: options.topic,
    lastEventId: options.lastEventId,
    signal: options.signal,
    stillAllowed: () => stillAllowedInCommunity(ctx.db, communityId, userId, rule),
    allowedKey: `${rule}:${communityId}:${userId}`,
    endsOn: (event) => event.type === 'membership.ended' && (event as MembershipEnded).userId === userId,
    map: options.map,
    refusal: options.refusal ?? COMMUNITY_MESSAGES.membersOnly,
  });
}
