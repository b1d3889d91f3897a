/** The members of a run: grown and shrunk to a count, sharing the run's metrics and ledger. */
import type { Database } from '@app/db';
import type { Cluster } from './cluster.ts';
import { Ledger } from './ledger.ts';
import { Member } from './member.ts';
import { Metrics } from './metrics.ts';
import { seedPeople, type Community, type Person } from './seed.ts';

export interface CrowdOptions {
  communitySize: number;
  thinkMs: readonly [number, number];
  /** Tabs (WebSockets) each member holds open. */
  tabs: number;
}

export class Crowd {
  readonly metrics = new Metrics();
  readonly ledger = new Ledger(this.metrics);
  readonly members: Member[] = [];
  private readonly people: Person[] = [];
  private readonly communities: Community[] = [];

  constructor(
    private readonly database: Database,
    private readonly cluster: Cluster,
    private readonly options: CrowdOptions,
  ) {}

  /** Members join (signed in and seeded the first time) or leave, the newest first, until `count` are active. */
  async resize(count: number): Promise<void> {
    // One more person than members, so the last member has a chat partner too.
    const wanted = count + (count % 2);
    if (this.people.length < wanted) {
      const seeded = await seedPeople(this.database, this.cluster.servers[0]!.url, this.communities, this.people.length, wanted, this.options.communitySize);
      this.people.push(...seeded);
    }
    while (this.members.length < count) {
      const person = this.people[this.members.length]!;
      const partner = this.people[person.index ^ 1];
      const member = new Member(person, partner?.community === person.community ? partner : null, {
        balancerUrl: this.cluster.balancerUrl,
        thinkMs: this.options.thinkMs,
        tabs: this.options.tabs,
        metrics: this.metrics,
        ledger: this.ledger,
      });
      member.join();
      this.members.push(member);
    }
    const leaving = this.members.splice(count);
    await Promise.all(leaving.map((m) => m.leave()));
  }

  /** Resolves once every member's tabs have had their subscriptions started (at most `timeoutMs`). */
  async arrived(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([Promise.all(this.members.flatMap((m) => m.started)), timeout]);
    clearTimeout(timer);
  }

  /** The WebSockets the members hold open. */
  get sockets(): number {
    return this.members.length * this.options.tabs;
  }

  /** Every member stops acting; their subscriptions stay open. */
  async rest(): Promise<void> {
    await Promise.all(this.members.map((m) => m.rest()));
  }
}
