import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** An e-mail the local mailbox kept (development, no SMTP_URL): what /dev/mailbox lists and shows. */
export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  messageId: string;
  savedAt: string;
}

const ID = /^[0-9]{13}-[0-9a-f]{8}$/;

/** Keeps one e-mail: `<id>.json` (what the page shows) beside `<id>.eml` (the raw message, for any mail reader). */
export async function saveToMailbox(dir: string, mail: Omit<MailboxEntry, 'id' | 'savedAt'> & { raw: Buffer }): Promise<string> {
  await mkdir(dir, { recursive: true });
  const id = `${Date.now()}-${Math.floor(Math.random() * 0xffffffff).toString(16).padStart(8, '0')}`;
  const { raw, ...entry } = mail;
  await writeFile(join(dir, `${id}.eml`), raw);
  await writeFile(join(dir, `${id}.json`), JSON.stringify({ ...entry, id, savedAt: new Date().toISOString() }));
  return id;
}

/** The newest `limit` e-mails, newest first. */
export async function listMailbox(dir: string, limit = 200): Promise<MailboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const ids = names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5)).filter((id) => ID.test(id)).sort().reverse().slice(0, limit);
  return Promise.all(ids.map((id) => readMailboxEntry(dir, id) as Promise<MailboxEntry>));
}

/** One kept e-mail by id; null for an id that is not one. */
export async function readMailboxEntry(dir: string, id: string): Promise<MailboxEntry | null> {
  if (!ID.test(id)) return null;
  try {
    return JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as MailboxEntry;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
