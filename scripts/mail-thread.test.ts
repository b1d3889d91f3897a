/**
 * The compiled server on Postgres sends e-mail from a worker thread of its own at a lower CPU
 * priority (apps/server/src/mail-worker.ts), so a digest's burst does not take the CPU from requests:
 * e-mails queued in the database arrive at an SMTP server, sent by a thread whose nice value is
 * SENDER_NICE while the request thread keeps 0, and SIGTERM stops the thread with the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { enqueueEmails } from '@app/api/server';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENDER_NICE } from '../apps/server/src/mail-priority.ts';
import { startCountingSmtp, type CountingSmtp } from './bench/digest.ts';
import { freePort, stopProcess, waitForHealth } from './bench/processes.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const SENT = 20;

/** The nice value of each thread of a process (/proc/<pid>/task/<tid>/stat, the 19th field). */
function threadNiceValues(pid: number): Map<number, number> {
  const nice = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    nice.set(Number(tid), Number(fields[16]));
  }
  return nice;
}

describe('the compiled server’s e-mail sender thread', () => {
  let database: TestDatabase;
  let smtp: CountingSmtp;
  let dataDir: string;
  let server: ChildProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.url) throw new Error('The sender thread runs on Postgres only: this test needs the local Postgres.');
    smtp = await startCountingSmtp();
    dataDir = mkdtempSync(join(tmpdir(), 'mail-thread-'));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, DATA_DIR: dataDir, DATABASE_URL: database.url, SMTP_URL: smtp.url, LOG_LEVEL: 'error' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForHealth(baseUrl, server);
  });

  afterAll(async () => {
    if (server) await stopProcess(server);
    await smtp?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`delivers what is queued from a thread at nice ${SENDER_NICE}, and stops with the server`, async () => {
    const post = { title: 'Knife skills', community: 'Kitchen Club', author: 'Ana', likes: 3, comments: 2, link: 'http://127.0.0.1/community/Kitchen%20Club' };
    const jobs = Array.from({ length: SENT }, (_, i) => ({
      userId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      to: `reader${i}@example.com`,
      language: 'en' as const,
      community: null,
      content: { kind: 'digest' as const, period: 'weekly' as const, posts: [post] },
      unsubscribe: 'digest' as const,
    }));
    await database.db.transaction((tx) => enqueueEmails(tx, jobs));
    await expect.poll(() => smtp.received(), { timeout: 30_000, interval: 100 }).toBe(SENT);

    const nice = threadNiceValues(server.pid!);
    expect(nice.get(server.pid!)).toBe(0);
    expect(SENDER_NICE).toBeGreaterThan(0);
    expect([...nice.values()].filter((value) => value === SENDER_NICE)).toHaveLength(1);

    await stopProcess(server);
    expect(server.signalCode === 'SIGKILL').toBe(false);
  });
});
