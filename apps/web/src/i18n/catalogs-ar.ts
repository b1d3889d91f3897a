/* The Arabic interface: every catalog in one chunk, loaded only when the interface is in Arabic (index.ts). */
export const catalogs = import.meta.glob<Record<string, unknown>>(['./ar/*.json', '!./ar/server.json'], { eager: true, import: 'default' });

/** Messages the server sends, by their English text (see server-text.ts). */
export const server: Record<string, string> = Object.values(
  import.meta.glob<Record<string, string>>('./ar/server.json', { eager: true, import: 'default' }),
)[0] ?? {};
