/**
 * A same-origin path safe to redirect to after sign-in: it must start with a single '/',
 * so '//evil.example' and 'https://evil.example' fall back to '/'.
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
