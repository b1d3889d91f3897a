/** What a load or soak run starts, and stops again whatever happened (also halfway through a start). */
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { Cluster, loadServerEnv } from './cluster.ts';
import { Crowd } from './crowd.ts';
import type { LoadSettings } from './settings.ts';

export class LoadRun {
  private database: TestDatabase | null = null;
  private cluster: Cluster | null = null;
  private crowd: Crowd | null = null;
  /** Set by Ctrl-C: the run stops what it started and exits. */
  interrupted = false;

  constructor() {
    process.once('SIGINT', () => {
      this.interrupted = true;
      console.log('\nInterrupted: stopping the members, the servers and the balancer.');
      void this.stop().then(() => process.exit(130));
    });
  }

  /** A throwaway database on the local Postgres, the two processes behind the balancer, and no members yet. */
  async start(root: string, settings: LoadSettings): Promise<{ database: TestDatabase; cluster: Cluster; crowd: Crowd }> {
    const database = (this.database = await createTestDatabase());
    const url = database.url;
    if (!url) throw new Error('Load and soak runs need Postgres (TEST_DATABASE_URL or the local server): two processes cannot share PGlite.');
    const cluster = (this.cluster = new Cluster(root, (publicUrl) => loadServerEnv(url, publicUrl)));
    await cluster.start();
    const crowd = (this.crowd = new Crowd(database, cluster, settings));
    return { database, cluster, crowd };
  }

  async stop(): Promise<void> {
    await this.crowd?.resize(0).catch(() => undefined);
    await this.cluster?.stop().catch(() => undefined);
    await this.database?.drop().catch(() => undefined);
    this.crowd = this.cluster = this.database = null;
  }
}
