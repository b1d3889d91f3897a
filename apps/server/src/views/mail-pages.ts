import type { EmailSwitch, MailboxEntry } from '@app/api/server';
import type { Language } from '@app/shared/language';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `*{box-sizing:border-box} body{margin:0;min-height:100vh;background:#f1f3f5;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529}
  main{width:min(560px,94vw);margin:48px auto;background:#fff;border-radius:12px;box-shadow:0 6px 24px rgba(0,0,0,.08);padding:32px}
  h1{font-size:22px;margin:0 0 12px} p{margin:0 0 16px} a{color:#1971c2}
  button{padding:11px 18px;border:0;border-radius:8px;background:#228be6;color:#fff;font:inherit;font-weight:600;cursor:pointer} button:hover{background:#1c7ed6}
  .error{background:#fff5f5;color:#c92a2a;border-radius:8px;padding:10px 12px}`;

function page(language: Language, title: string, body: string, wide = false): string {
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}${wide ? 'main{width:min(1100px,96vw)}' : ''}</style></head>
<body><main>${body}</main></body></html>`;
}

const WORDS = {
  en: {
    kinds: { social: 'mentions, replies and messages', communication: 'reminders, join decisions and welcomes', digest: 'the digest of active posts', marketing: 'product news' } as Record<EmailSwitch, string>,
    confirmTitle: 'Unsubscribe',
    confirm: (kind: string) => `Stop e-mails about ${kind}? You can turn them back on in your notification settings.`,
    button: 'Unsubscribe',
    doneTitle: 'You are unsubscribed',
    done: (kind: string) => `You will no longer receive e-mails about ${kind}.`,
    settings: 'Notification settings',
    badTitle: 'Link not valid',
    bad: 'This unsubscribe link is not valid. Change your e-mails in your notification settings instead.',
  },
  ar: {
    kinds: { social: 'الإشارات والردود والرسائل', communication: 'التذكيرات وقرارات الانضمام والترحيب', digest: 'ملخص المنشورات النشطة', marketing: 'أخبار المنتج' } as Record<EmailSwitch, string>,
    confirmTitle: 'إلغاء الاشتراك',
    confirm: (kind: string) => `إيقاف الرسائل عن ${kind}؟ يمكنك إعادة تفعيلها من إعدادات الإشعارات.`,
    button: 'إلغاء الاشتراك',
    doneTitle: 'تم إلغاء اشتراكك',
    done: (kind: string) => `لن تصلك بعد الآن رسائل عن ${kind}.`,
    settings: 'إعدادات الإشعارات',
    badTitle: 'الرابط غير صالح',
    bad: 'رابط إلغاء الاشتراك هذا غير صالح. غيّر رسائلك من إعدادات الإشعارات.',
  },
};

/** The page an unsubscribe link opens: a button that confirms (a link alone changes nothing, so mail scanners cannot). */
export function unsubscribeConfirmPage(language: Language, kind: EmailSwitch, action: string): string {
  const w = WORDS[language];
  return page(language, w.confirmTitle, `<h1>${w.confirmTitle}</h1><p>${escape(w.confirm(w.kinds[kind]))}</p>
  <form method="post" action="${escape(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${w.button}</button></form>`);
}

export function unsubscribedPage(language: Language, kind: EmailSwitch): string {
  const w = WORDS[language];
  return page(language, w.doneTitle, `<h1>${w.doneTitle}</h1><p role="status">${escape(w.done(w.kinds[kind]))}</p><p><a href="/settings">${w.settings}</a></p>`);
}

export function badUnsubscribePage(language: Language): string {
  const w = WORDS[language];
  return page(language, w.badTitle, `<h1>${w.badTitle}</h1><p class="error" role="alert">${w.bad}</p><p><a href="/settings">${w.settings}</a></p>`);
}

/** The local mailbox (development): every e-mail the app sent, newest first. */
export function mailboxPage(entries: MailboxEntry[]): string {
  const rows = entries
    .map(
      (e) => `<tr><td>${escape(new Date(e.savedAt).toISOString().replace('T', ' ').slice(0, 19))}</td><td>${escape(e.to)}</td>
      <td><a href="/dev/mailbox/${e.id}">${escape(e.subject)}</a></td></tr>`,
    )
    .join('');
  return page(
    'en',
    'Mailbox (local)',
    `<h1>Mailbox (local)</h1><p>No SMTP_URL is set, so the e-mails this server sends are kept here instead (this computer only).</p>
    ${entries.length ? `<table style="width:100%;border-collapse:collapse"><thead><tr><th align="start">Sent (UTC)</th><th align="start">To</th><th align="start">Subject</th></tr></thead><tbody>${rows}</tbody></table>` : '<p role="status">No e-mails yet.</p>'}`,
    true,
  );
}

/** One kept e-mail: its headers, and its HTML in a sandboxed frame (no scripts, no same origin). */
export function mailboxEntryPage(e: MailboxEntry): string {
  const headers = Object.entries({ To: e.to, Subject: e.subject, 'Message-ID': e.messageId, ...e.headers })
    .map(([k, v]) => `<dt style="font-weight:600">${escape(k)}</dt><dd style="margin:0 0 6px;word-break:break-all">${escape(v)}</dd>`)
    .join('');
  return page(
    'en',
    e.subject,
    `<p><a href="/dev/mailbox">← Mailbox</a></p><h1>${escape(e.subject)}</h1><dl>${headers}</dl>
    <iframe title="E-mail" sandbox="" src="/dev/mailbox/${e.id}/html" style="width:100%;height:70vh;border:1px solid #dee2e6;border-radius:8px"></iframe>
    <details><summary>Plain text</summary><pre style="white-space:pre-wrap">${escape(e.text)}</pre></details>`,
    true,
  );
}
