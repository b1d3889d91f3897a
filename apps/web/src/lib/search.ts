import { notFound } from '@tanstack/react-router';

/**
 * Search and path params read by hand rather than with zod: the routes' `validateSearch` runs in the entry
 * script, which would otherwise carry zod to every first page. Anything unexpected reads as absent.
 */

/** `value` when it is one of `values`. */
export function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return values.find((allowed) => allowed === value);
}

/** `value` when it is text of at most `max` characters. */
export function textParam(value: unknown, max = 2048): string | undefined {
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A search param that names a row by its id: anything but a uuid reads as absent. */
export function uuidParam(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value : undefined;
}

/** A path param that names a row by its id: anything but a uuid is a page that does not exist. */
export function idParam(value: string): string {
  if (!UUID.test(value)) throw notFound();
  return value;
}
