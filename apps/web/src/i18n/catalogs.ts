/* Every catalog but the shell's, in one chunk that i18n/index.ts loads beside the entry (one request, not one per feature). */
export const catalogs = import.meta.glob<Record<string, unknown>>(['./en/*.json', '!./en/common.json'], { eager: true, import: 'default' });
