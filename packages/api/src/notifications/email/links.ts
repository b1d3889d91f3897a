/** Where an e-mail's links lead, on PUBLIC_URL. */
export function appLinks(publicUrl: string) {
  const community = (name: string, search = '') => `${publicUrl}/community/${encodeURIComponent(name)}${search}`;
  return {
    community,
    events: (name: string) => community(name, '?tab=about'),
    chat: (name: string, username: string) => community(name, `?tab=chat&with=${encodeURIComponent(username)}`),
    settings: `${publicUrl}/settings`,
    unsubscribe: (token: string) => `${publicUrl}/email/unsubscribe?token=${encodeURIComponent(token)}`,
    /** An upload's URL as stored ('/api/…' on this server, or storage's own origin). */
    absolute: (url: string | null) => (url ? (url.startsWith('/') ? `${publicUrl}${url}` : url) : null),
  };
}
export type AppLinks = ReturnType<typeof appLinks>;
