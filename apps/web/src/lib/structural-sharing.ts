/**
 * React Query's structural sharing, with dates: a refetch whose answer equals what is on screen keeps
 * the same objects, so nothing that reads them renders again. React Query's own `replaceEqualDeep`
 * shares plain objects and arrays only, and superjson brings dates as `Date` objects, new each time:
 * one date in a post made every post of a refetched feed new, and every card drew itself again
 * (a live list refetches as its subscription starts, so each page's lists were drawn twice).
 */
export function shareEqual(previous: unknown, next: unknown, depth = 0): unknown {
  if (previous === next) return previous;
  if (previous instanceof Date && next instanceof Date) return previous.getTime() === next.getTime() ? previous : next;
  if (depth > 500) return next;
  const arrays = Array.isArray(previous) && Array.isArray(next);
  if (!arrays && !(isPlainObject(previous) && isPlainObject(next))) return next;
  const before = previous as Record<string | number, unknown>;
  const after = next as Record<string | number, unknown>;
  const keys: Array<string | number> = arrays ? [...(next as unknown[]).keys()] : Object.keys(after);
  const previousSize = arrays ? (previous as unknown[]).length : Object.keys(before).length;
  const copy = (arrays ? new Array(keys.length) : {}) as Record<string | number, unknown>;
  let kept = 0;
  for (const key of keys) {
    const shared = shareEqual(before[key], after[key], depth + 1);
    copy[key] = shared;
    if (shared === before[key] && (arrays ? (key as number) < previousSize : Object.hasOwn(before, key))) kept++;
  }
  return previousSize === keys.length && kept === previousSize ? previous : copy;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
