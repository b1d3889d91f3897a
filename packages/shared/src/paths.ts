const BASE = 'http://return-path.invalid';
/** A path, query and fragment of printable ASCII only: browsers strip tabs and newlines and read '\' as '/'. */
const PRINTABLE_PATH = /^\/[\x21-\x5b\x5d-\x7e]*$/;

/**
 * A same-origin path safe to redirect to after sign-in, or `fallback`. It must be printable ASCII
 * without backslashes that starts with one '/', and still name a path on our own origin once a
 * URL parser has resolved it: '//evil.example', '/\t/evil.example', '/\\evil.example' and
 * '/.//evil.example' (which resolves to '//evil.example') all fall back. What is returned is the
 * parser's normalized form, so what was checked is what the Location header carries.
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 2048 || !PRINTABLE_PATH.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? fallback : path;
}
