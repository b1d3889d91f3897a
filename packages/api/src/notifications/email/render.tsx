/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { render, toPlainText } from '@react-email/components';
import { Content, subjectOf } from './content.tsx';
import { Layout } from './Layout.tsx';
import type { EmailJob } from './model.ts';
import { EMAIL_STRINGS } from './strings.ts';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Stands in for the person's own unsubscribe link in a rendering shared by everyone who gets the same words. */
const PERSONAL_LINK = 'https://unsubscribe.invalid/personal-link';
/** Renderings kept: a digest's thousands of readers of one community mostly share one. */
const CACHE_SIZE = 200;
const cache = new Map<string, RenderedEmail>();

async function renderShared(job: Pick<EmailJob, 'language' | 'community' | 'content'>, links: SharedLinks): Promise<RenderedEmail> {
  const strings = EMAIL_STRINGS[job.language];
  const from = job.community ?? { name: strings.platform, logoUrl: null };
  const subject = subjectOf(job.content, strings, from.name);
  const html = await render(
    <Layout language={job.language} strings={strings} from={from} preview={subject} unsubscribeUrl={links.personal ? PERSONAL_LINK : null} settingsUrl={links.settingsUrl}>
      <Content content={job.content} strings={strings} language={job.language} community={from.name} publicUrl={links.publicUrl} />
    </Layout>,
  );
  return { subject, html, text: toPlainText(html) };
}

interface SharedLinks {
  settingsUrl: string;
  publicUrl: string;
  /** The e-mail has an unsubscribe link of its own (PERSONAL_LINK stands in for it). */
  personal: boolean;
}

/**
 * An e-mail job's words: HTML (React Email) and its plain-text twin, in the person's language.
 * Rendering takes tens of milliseconds, so the words of a (language, sender, content) are rendered
 * once and kept for the next reader, with only the unsubscribe link made personal.
 */
export async function renderEmail(job: EmailJob, links: { unsubscribeUrl: string | null; settingsUrl: string; publicUrl: string }): Promise<RenderedEmail> {
  const personal = links.unsubscribeUrl !== null;
  const key = JSON.stringify([job.language, job.community, job.content, links.settingsUrl, personal]);
  let shared = cache.get(key);
  if (!shared) {
    shared = await renderShared(job, { settingsUrl: links.settingsUrl, publicUrl: links.publicUrl, personal });
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, shared);
  }
  const url = links.unsubscribeUrl ?? '';
  return { subject: shared.subject, html: shared.html.replaceAll(PERSONAL_LINK, url.replaceAll('&', '&amp;')), text: shared.text.replaceAll(PERSONAL_LINK, url) };
}
