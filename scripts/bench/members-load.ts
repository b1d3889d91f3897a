/**
 * autocannon with each connection signed in as a member of its own (`runLoad`'s `cookies`): what many
 * members reading at once look like to the server, rather than one person's many connections (which
 * meet that person's own caps). Run as a child process by `runLoad`, pinned to the load core; takes
 * its options as one JSON argument and prints autocannon's result as one JSON line, as the CLI's
 * `--json` does.
 */
import autocannon from 'autocannon';

interface MembersLoadOptions {
  url: string;
  connections: number;
  durationSec: number;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** One `Cookie` header per member; connection i is member i (round robin when fewer). */
  cookies: string[];
}

const options = JSON.parse(process.argv[2] ?? '{}') as MembersLoadOptions;
if (!options.cookies?.length) throw new Error('members-load needs cookies');
let next = 0;
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.durationSec,
  timeout: 10,
  method: options.method as autocannon.Request['method'],
  headers: options.headers,
  body: options.body,
  setupClient: (client) => {
    client.setHeaders({ ...options.headers, cookie: options.cookies[next++ % options.cookies.length]! });
  },
});
console.log(JSON.stringify(result));
