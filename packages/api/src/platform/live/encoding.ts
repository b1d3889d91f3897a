import { randomUUID } from 'node:crypto';
import superjson, { type SuperJSONResult } from 'superjson';

/**
 * Encoding a live event once per process, whatever the number of its subscribers.
 *
 * tRPC encodes every message it sends on every socket by itself: the router's transformer
 * (superjson) walks the value, then the WebSocket encoder (JSON.stringify) writes it. An event that
 * 5,000 sockets receive was walked 5,000 times and made as much garbage. A value many subscribers
 * are sent as it is (an event the bus hands to every local subscriber, what `live.shared` builds
 * once) is marked here; its superjson form and its JSON text are then made once and kept with it,
 * and each subscriber's message only wraps them in its own small envelope (its subscription id and
 * its tracked event id). What is marked is never changed afterwards: it is already shared.
 */
const sharedValues = new WeakSet<object>();
const serialized = new WeakMap<object, SuperJSONResult>();
const jsonTexts = new WeakMap<object, string>();
/** The `json` parts of those serializations: the encoder writes these once. */
const serializedJsons = new WeakSet<object>();

/** Marks a value that is sent as it is to many subscribers (objects only; anything else is returned unmarked). */
export function markShared<T>(value: T): T {
  if (typeof value === 'object' && value !== null) sharedValues.add(value);
  return value;
}

function serializedOnce(value: object): SuperJSONResult {
  let result = serialized.get(value);
  if (!result) {
    result = superjson.serialize(value);
    serialized.set(value, result);
    if (typeof result.json === 'object' && result.json !== null) serializedJsons.add(result.json);
  }
  return result;
}

type Meta = NonNullable<SuperJSONResult['meta']>;

/** superjson's meta for a value, as it reads when the value sits at `key` of an object. */
function metaUnder(key: string, meta: Meta | undefined): Meta | undefined | null {
  if (!meta) return undefined;
  const { values, referentialEqualities, ...rest } = meta;
  // The value itself referenced from inside it (a cycle at the root): written out in full.
  if (Array.isArray(referentialEqualities)) return null;
  // In superjson's own order (values, referentialEqualities, v), so the text is the same.
  const under = {} as Meta;
  if (values !== undefined) {
    under.values = Array.isArray(values) ? { [key]: values } : Object.fromEntries(Object.entries(values).map(([path, tree]) => [`${key}.${path}`, tree]));
  }
  if (referentialEqualities !== undefined) {
    under.referentialEqualities = Object.fromEntries(
      Object.entries(referentialEqualities).map(([path, paths]) => [`${key}.${path}`, paths.map((p) => `${key}.${p}`)]),
    );
  }
  return Object.assign(under, rest);
}

/** A tracked subscription message as tRPC hands it to the transformer: `{ id, data }`. */
function isTrackedShared(value: unknown): value is { id: string; data: object } {
  if (typeof value !== 'object' || value === null) return false;
  const { data } = value as { data?: unknown };
  return typeof data === 'object' && data !== null && sharedValues.has(data) && typeof (value as { id?: unknown }).id === 'string' && Object.keys(value).length === 2;
}

/** superjson, except that a shared value (alone, or in a tracked message) is serialized once. */
export function serialize(value: unknown): SuperJSONResult {
  if (typeof value === 'object' && value !== null && sharedValues.has(value)) return serializedOnce(value);
  if (isTrackedShared(value)) {
    const inner = serializedOnce(value.data);
    const meta = metaUnder('data', inner.meta);
    if (meta !== null) return meta ? { json: { id: value.id, data: inner.json }, meta } : { json: { id: value.id, data: inner.json } };
  }
  return superjson.serialize(value);
}

/** The router's transformer: superjson both ways, with shared values serialized once. */
export const liveTransformer = {
  input: superjson,
  output: { serialize, deserialize: superjson.deserialize },
};

/** Stands where a shared value's JSON goes, while the small envelope around it is written. */
const PLACEHOLDER = `\u0000shared:${randomUUID()}`;
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);

/** In a message carrying a shared value's serialization: that value's `json` part and its text, written once. */
function sharedJsonOf(message: unknown): { json: Record<string, unknown>; data: object; text: string } | null {
  const result = (message as { result?: { data?: { json?: unknown } } } | null)?.result;
  const json = result?.data?.json;
  if (typeof json !== 'object' || json === null) return null;
  const data = (json as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  if (!serializedJsons.has(data)) return null;
  let text = jsonTexts.get(data);
  if (text === undefined) {
    text = JSON.stringify(data);
    jsonTexts.set(data, text);
  }
  return { json: json as Record<string, unknown>, data, text };
}

/**
 * The WebSocket encoder (tRPC's JSON text frames): a message carrying a shared value's
 * serialization is written around that value's JSON, which is written once.
 */
export const liveEncoder = {
  encode(message: unknown): string {
    const shared = sharedJsonOf(message);
    if (!shared) return JSON.stringify(message);
    const envelope = message as { result: { data: { json: object } } };
    const text = JSON.stringify({
      ...envelope,
      result: { ...envelope.result, data: { ...envelope.result.data, json: { ...shared.json, data: PLACEHOLDER } } },
    });
    const at = text.indexOf(PLACEHOLDER_JSON);
    return text.slice(0, at) + shared.text + text.slice(at + PLACEHOLDER_JSON.length);
  },
  decode(data: unknown): unknown {
    if (typeof data !== 'string') throw new Error('WebSocket messages are JSON text frames.');
    return JSON.parse(data);
  },
};
