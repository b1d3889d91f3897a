import { Readable } from 'node:stream';
import type { Queryable } from '@app/db';
import type { BucketName } from '@app/shared/uploads';
import type { Storage } from '@app/storage';
import { ZipFile } from 'yazl';
import type { ChatKeyring } from '../chat/crypto.ts';
import { chatBucketOf } from '../chat/service.ts';
import {
  checkoutsOf,
  commentsOf,
  courseProgressOf,
  membershipsOf,
  messagesOf,
  notificationSettingsOf,
  partnerOf,
  paymentsOf,
  pointsOf,
  postsOf,
  profileOf,
  uploadsOf,
  type Pages,
} from './contents.ts';

/** Where an uploaded file sits in the archive: `files/{bucket}/{name}` (a key is `{userId}/{name}`). */
export const fileInArchive = (bucket: string, key: string) => `files/${bucket}/${key.slice(key.lastIndexOf('/') + 1)}`;

const README = `Your data from Commonroom

profile.json                your profile
notification-settings.json  what notifies you, your e-mail switches, the communities you muted
memberships.json            the communities you joined or asked to join, your role, points and level in each
points.json                 your points and level in every community you earned them in
posts.json                  your posts (an attachment is named by its file in files/)
comments.json               your comments and replies
messages.json               your private messages, sent and received, decrypted
course-progress.json        the lessons you completed
checkouts.json, payments.json   your paid memberships: checkouts started and payments made
partner/                    the partner programme, if you are in it: referrals, ledger, payouts
uploads.json, files/        every file you uploaded (avatar, post and chat files, covers)

Times are in UTC (ISO 8601); amounts in cents.
`;

/** A JSON array written a page at a time: never more than a page of a section in memory. */
async function* jsonArray(pages: Pages): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const page of pages) {
    for (const row of page) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(row)}`;
      first = false;
    }
  }
  yield first ? ']\n' : '\n]\n';
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** Attachments named by their place in the archive rather than by storage keys. */
async function* withArchivePaths(pages: Pages, bucketOf: (row: Record<string, unknown>) => string | null): Pages {
  for await (const page of pages) {
    yield page.map((row) => {
      const r = row as Record<string, unknown>;
      const bucket = typeof r.attachment === 'string' ? bucketOf(r) : null;
      return { ...r, attachment: bucket ? fileInArchive(bucket, r.attachment as string) : null };
    });
  }
}

export interface ArchiveSources {
  db: Queryable;
  storage: Storage;
  chatKeys: ChatKeyring;
}

/**
 * The person's data as a ZIP, produced as a stream while it is read: each section a JSON file
 * written a page of rows at a time, then every file they uploaded, each opened only when its turn
 * comes. The caller pipes it into storage; an error destroys the stream, and so may the caller
 * (which stops the reading).
 */
export function exportArchive({ db, storage, chatKeys }: ArchiveSources, userId: string): Readable {
  const zip = new ZipFile();
  const addJson = (path: string, pages: Pages) => zip.addReadStreamLazy(path, (cb) => cb(null, Readable.from(jsonArray(pages))));
  const output = zip.outputStream as Readable;
  // Destroyed by its reader (storage gave up, say), the archive stops reading and tells no one.
  const fail = (error: unknown) => void (output.destroyed || output.destroy(error instanceof Error ? error : new Error(String(error))));
  zip.on('error', fail);
  const stopped = () => output.destroyed;

  void (async () => {
    zip.addBuffer(Buffer.from(README), 'README.txt');
    zip.addBuffer(json(await profileOf(db, userId)), 'profile.json');
    if (stopped()) return;
    zip.addBuffer(json(await notificationSettingsOf(db, userId)), 'notification-settings.json');
    addJson('memberships.json', membershipsOf(db, userId));
    addJson('points.json', pointsOf(db, userId));
    addJson('posts.json', withArchivePaths(postsOf(db, userId), () => 'documents-post'));
    addJson('comments.json', commentsOf(db, userId));
    addJson('messages.json', withArchivePaths(messagesOf(db, chatKeys, userId), (m) => chatBucketOf(String(m.attachmentType ?? ''))));
    addJson('course-progress.json', courseProgressOf(db, userId));
    addJson('checkouts.json', checkoutsOf(db, userId));
    addJson('payments.json', paymentsOf(db, userId));
    const partner = await partnerOf(db, userId);
    if (stopped()) return;
    if (partner) {
      zip.addBuffer(json(partner.partner), 'partner/partner.json');
      addJson('partner/referrals.json', partner.referrals);
      addJson('partner/ledger.json', partner.ledger);
      addJson('partner/payouts.json', partner.payouts);
    }
    // The index of files and the files themselves: a page of the uploads table at a time.
    const index: object[] = [];
    for await (const page of uploadsOf(db, userId)) {
      if (stopped()) return;
      for (const file of page) {
        const path = fileInArchive(file.bucket, file.key);
        index.push({ file: path, bucket: file.bucket, size: file.size, contentType: file.contentType, uploadedAt: file.createdAt });
        zip.addReadStreamLazy(path, { compress: !/^(image|video)\//.test(file.contentType) }, (cb) => {
          storage.get(file.bucket as BucketName, file.key).then(
            // A file gone from storage since its record was read is written empty rather than failing the export.
            (object) => cb(null, object ? object.stream : Readable.from([])),
            (error: unknown) => cb(error instanceof Error ? error : new Error(String(error)), Readable.from([])),
          );
        });
      }
    }
    if (stopped()) return;
    zip.addBuffer(json(index), 'uploads.json');
    zip.end();
  })().catch(fail);

  return output;
}
