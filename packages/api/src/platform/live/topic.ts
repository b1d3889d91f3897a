/** Every live event is `{ type, ... }`; each domain declares its own in its events.ts. */
export interface AnyEvent {
  type: string;
}

declare const carries: unique symbol;
/** A topic's name, carrying (in its type only) the events that may be published on it. */
export type Topic<E extends AnyEvent> = string & { readonly [carries]?: E };

/** The events a topic carries. */
export type EventOf<T> = T extends Topic<infer E> ? E : never;

/**
 * A typed topic: who hears an event is everyone listening on `name`; `E` is what may be published
 * there and what its listeners read. The bus knows no domain: each domain declares its topics in
 * its own events.ts, and the topics several domains share are in core/topics.ts.
 */
export function topic<E extends AnyEvent>(name: string): Topic<E> {
  return name as Topic<E>;
}
