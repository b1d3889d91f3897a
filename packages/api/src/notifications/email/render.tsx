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

/** An e-mail job's words: HTML (React Email) and its plain-text twin, in the person's language. */
export async function renderEmail(job: EmailJob, links: { unsubscribeUrl: string; settingsUrl: string }): Promise<RenderedEmail> {
  const strings = EMAIL_STRINGS[job.language];
  const from = job.community ?? { name: strings.platform, logoUrl: null };
  const subject = subjectOf(job.content, strings, from.name);
  const html = await render(
    <Layout language={job.language} strings={strings} from={from} preview={subject} {...links}>
      <Content content={job.content} strings={strings} language={job.language} community={from.name} />
    </Layout>,
  );
  return { subject, html, text: toPlainText(html) };
}
