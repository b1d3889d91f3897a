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

/**
 * A tracked message's serialization, per shared value and tracked id: every subscriber sent the event
 * under the same id (all of them, but one that resumed past it) is given the same one, whose text
 * the encoder then writes once too. A few ids are kept per value.
 */
const trackedForms = new WeakMap<object, Map<string, SuperJSONResult>>();
const TRACKED_FORMS_KEPT = 8;

/** superjson, except that a shared value (alone, or in a tracked message) is serialized once. */
export function serialize(value: unknown): SuperJSONResult {
  if (typeof value === 'object' && value !== null && sharedValues.has(value)) return serializedOnce(value);
  if (isTrackedShared(value)) {
    let forms = trackedForms.get(value.data);
    const known = forms?.get(value.id);
    if (known) return known;
    const inner = serializedOnce(value.data);
    const meta = metaUnder('data', inner.meta);
    if (meta !== null) {
      const form: SuperJSONResult = meta ? { json: { id: value.id, data: inner.json }, meta } : { json: { id: value.id, data: inner.json } };
      if (!forms) trackedForms.set(value.data, (forms = new Map()));
      if (forms.size < TRACKED_FORMS_KEPT) forms.set(value.id, form);
      return form;
    }
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

/** The texts of tracked messages' serializations that carry a shared value's, each written once. */
const formTexts = new WeakMap<object, string>();

/** In a message carrying a shared value's serialization: that serialization's text, written once (the shared value's own JSON inside it once too). */
function sharedFormText(message: unknown): string | null {
  const form = (message as { result?: { data?: { json?: unknown } } } | null)?.result?.data;
  if (typeof form !== 'object' || form === null) return null;
  const { json } = form;
  if (typeof json !== 'object' || json === null) return null;
  const data = (json as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  if (!serializedJsons.has(data)) return null;
  let text = formTexts.get(form);
  if (text === undefined) {
    let dataText = jsonTexts.get(data);
    if (dataText === undefined) {
      dataText = JSON.stringify(data);
      jsonTexts.set(data, dataText);
    }
    text = spliced(JSON.stringify({ ...form, json: { ...json, data: PLACEHOLDER } }), dataText);
    formTexts.set(form, text);
  }
  return text;
}

/** `text` with the placeholder in it replaced by `inner`. */
function spliced(text: string, inner: string): string {
  const at = text.indexOf(PLACEHOLDER_JSON);
  return text.slice(0, at) + inner + text.slice(at + PLACEHOLDER_JSON.length);
}

/**
 * The WebSocket encoder (tRPC's JSON text frames): a message carrying a shared value's
 * serialization is written around that serialization's text, which is written once.
 */
export const liveEncoder = {
  encode(message: unknown): string {
    const text = sharedFormText(message);
    if (text === null) return JSON.stringify(message);
    const envelope = message as { result: object };
    return spliced(JSON.stringify({ ...envelope, result: { ...envelope.result, data: PLACEHOLDER } }), text);
  },
  decode(data: unknown): unknown {
    if (typeof data !== 'string') throw new Error('WebSocket messages are JSON text frames.');
    return JSON.parse(data);
  },
};
