/**
 * The interface language a browser gets: the one it chose (the `lang` cookie), else the first of its
 * preferred languages (navigator.languages in the browser, Accept-Language on the server) that the
 * product speaks, else English. The server and the browser decide alike, so a page rendered ahead of
 * time in one language is hydrated in the same one.
 */
export const INTERFACE_LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof INTERFACE_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_COOKIE = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (INTERFACE_LANGUAGES as readonly string[]).includes(value);
}

/** 'ar-EG' → 'ar'; null for a language the product does not speak. */
function supported(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/, 1)[0];
  return isLanguage(primary) ? primary : null;
}

export function pickLanguage(chosen: string | null | undefined, preferred: readonly string[]): Language {
  if (isLanguage(chosen)) return chosen;
  for (const tag of preferred.slice(0, 20)) {
    const language = supported(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** An Accept-Language header's tags, most wanted first ('*' and q=0 left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The value of the `lang` cookie in a Cookie header (or document.cookie). */
export function languageCookie(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.slice(0, 8000).split(';')) {
    const [name, value] = part.split('=', 2);
    if (name?.trim() === LANGUAGE_COOKIE) return value?.trim();
  }
  return undefined;
}
