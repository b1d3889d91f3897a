import type { AppRouter } from '@app/api';
import { createMemoryHistory } from '@tanstack/react-router';
import { createTRPCClient } from '@trpc/client';
import { renderToString } from 'react-dom/server';
import { App } from './App.tsx';
import { countParts, takePartCount } from './components/HydratesApart.tsx';
import { catalogs as english } from './i18n/catalogs.ts';
import { catalogs as arabic } from './i18n/catalogs-ar.ts';
import i18n, { addCatalog } from './i18n/index.ts';
import type { Language } from './i18n/locale.ts';
import { recordFormats, takeRecordedFormats } from './lib/format.ts';
import { createOptions, createQueryClient } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';

/**
 * Renders public pages ahead of time, at build (scripts/prerender.ts runs this module's server build):
 * the page a visitor without a session gets, in each language. The browser hydrates the same app.
 * Every catalog of both languages is added at once (the browser loads them as it needs them).
 */
for (const catalog of Object.values(english)) addCatalog(catalog);
for (const catalog of Object.values(arabic)) addCatalog(catalog, 'ar');

/** A page's HTML, the formatted values it was written with (lib/format.ts), and how many parts hydrate apart. */
export interface Rendering {
  html: string;
  formats: Record<string, string>;
  parts: number;
}

export async function render(path: string, language: Language): Promise<Rendering> {
  await i18n.changeLanguage(language);
  const queryClient = createQueryClient();
  // Nothing is fetched while rendering ahead of time: a client without links.
  const trpcClient = createTRPCClient<AppRouter>({ links: [] });
  const trpc = createOptions(trpcClient, queryClient);
  queryClient.setQueryData(trpc.profiles.me.queryKey(), null);
  const router = createAppRouter({ queryClient, trpc }, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  recordFormats();
  countParts();
  const html = renderToString(<App queryClient={queryClient} trpcClient={trpcClient} router={router} />);
  return { html, formats: takeRecordedFormats(), parts: takePartCount() };
}
