import { fromBuffer, type Entry, type ZipFile } from 'yauzl';

/**
 * Test support: the files of a ZIP archive by path, read with yauzl (the browser tests import it as
 * `@app/api/testing/zip`, without the rest of the test support).
 */
export async function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<ZipFile>((resolve, reject) => fromBuffer(archive, { lazyEntries: true }, (err, file) => (err ? reject(err) : resolve(file))));
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return files;
}

/** A JSON file of the archive, parsed. */
export function jsonIn<T = unknown>(files: Map<string, Buffer>, path: string): T {
  const file = files.get(path);
  if (!file) throw new Error(`${path} is not in the archive (it holds ${[...files.keys()].join(', ')})`);
  return JSON.parse(file.toString('utf8')) as T;
}
