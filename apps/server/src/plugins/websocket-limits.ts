import type { WebsocketPluginOptions } from '@fastify/websocket';
import WebSocket from 'ws';

/** The class @fastify/websocket hands to ws (typed with the module's statics; the server only constructs it). */
type ServerWebSocket = NonNullable<NonNullable<WebsocketPluginOptions['options']>['WebSocket']>;

/** A socket's message budget: `burst` at once, refilled at `perSecond`. */
export interface SocketMessageLimits {
  perSecond: number;
  burst: number;
}

/** The web app sends a handful of subscriptions per page (all again on a reconnect) and a PONG every 30 s. */
export const WS_MESSAGE_LIMITS: SocketMessageLimits = { perSecond: 20, burst: 40 };

/** RFC 6455's close code for a message that breaks the server's policy. */
export const POLICY_VIOLATION = 1008;

export function tooManyMessagesReason({ perSecond }: SocketMessageLimits): string {
  return `Too many messages: at most ${perSecond} a second.`;
}

/** Operations in one message: tRPC's client may send several as a JSON array. */
function operationsIn(data: unknown, isBinary: unknown): number {
  if (isBinary || !Buffer.isBuffer(data) || data[0] !== 0x5b /* [ */) return 1;
  try {
    const parsed: unknown = JSON.parse(data.toString('utf8'));
    return Array.isArray(parsed) ? Math.max(1, parsed.length) : 1;
  } catch {
    return 1;
  }
}

/**
 * The server's WebSocket class (ws's `WebSocket` option): every message, and every operation of a
 * batched one, takes from the socket's budget before anyone reads it. A socket that runs out is
 * closed with 1008 and a reason saying why, and what it sent past the budget is dropped unread;
 * other sockets are not affected.
 */
export function rateLimitedWebSocket(limits: SocketMessageLimits = WS_MESSAGE_LIMITS): ServerWebSocket {
  const reason = tooManyMessagesReason(limits);
  class RateLimitedWebSocket extends WebSocket {
    #tokens = limits.burst;
    #refilledAt = performance.now();
    #overLimit = false;

    override emit(event: string | symbol, ...args: unknown[]): boolean {
      if (event === 'message' && !this.#take(operationsIn(args[0], args[1]))) return false;
      return super.emit(event, ...args);
    }

    #take(cost: number): boolean {
      if (this.#overLimit) return false;
      const now = performance.now();
      this.#tokens = Math.min(limits.burst, this.#tokens + ((now - this.#refilledAt) / 1000) * limits.perSecond);
      this.#refilledAt = now;
      if (this.#tokens >= cost) {
        this.#tokens -= cost;
        return true;
      }
      this.#overLimit = true;
      this.close(POLICY_VIOLATION, reason);
      return false;
    }
  }
  return RateLimitedWebSocket as unknown as ServerWebSocket;
}
