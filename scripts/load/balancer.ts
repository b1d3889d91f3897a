/**
 * The load balancer of a load run, in front of the server processes: round robin, no sticky
 * sessions, WebSocket upgrades passed through (LOAD_BALANCER: `nginx`, the default, or `caddy`,
 * both Debian packages; docs/performance.md#load-restarts-and-soak says why nginx by default).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitForHealth } from '../bench/processes.ts';

export type BalancerKind = 'nginx' | 'caddy';

export function balancerKind(): BalancerKind {
  const kind = process.env.LOAD_BALANCER ?? 'nginx';
  if (kind !== 'nginx' && kind !== 'caddy') throw new Error(`LOAD_BALANCER must be 'nginx' or 'caddy', got '${kind}'.`);
  return kind;
}

/**
 * nginx: a call whose connection a process refuses (gone, or closing) goes to the other one, its
 * body (buffered) included; a call already sent is not sent twice. No kept-alive connections to the
 * processes, so no call goes out on a connection a draining process has just closed. A process in
 * `down` (withdrawn before a rolling restart) gets no new call or socket.
 */
function nginxConfig(dir: string, port: number, upstreams: string[], errorLog: string, down: ReadonlySet<number>): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${errorLog} notice;
events { worker_connections 16384; }
http {
	access_log off;
	client_body_temp_path ${dir}/body;
	proxy_temp_path ${dir}/proxy;
	fastcgi_temp_path ${dir}/fastcgi;
	uwsgi_temp_path ${dir}/uwsgi;
	scgi_temp_path ${dir}/scgi;
	map $http_upgrade $connection_upgrade { default upgrade; '' close; }
	upstream app {
${upstreams.map((u, i) => `\t\tserver ${u} max_fails=1 fail_timeout=2s${down.has(i) ? ' down' : ''};`).join('\n')}
	}
	server {
		listen 127.0.0.1:${port};
		client_max_body_size 2m;
		location / {
			proxy_pass http://app;
			proxy_http_version 1.1;
			proxy_set_header Host $host;
			proxy_set_header Upgrade $http_upgrade;
			proxy_set_header Connection $connection_upgrade;
			proxy_read_timeout 1h;
			proxy_next_upstream error timeout;
			proxy_next_upstream_timeout 5s;
		}
	}
}
`;
}

/**
 * Caddy as docker/Caddyfile, without health checks or kept-alive connections to the processes, and
 * a process a call failed on left out for 2 s: Debian's Caddy 2.6 cannot retry a call that has a
 * body (the retry goes out empty and fails, and that failure marks the live process down too).
 */
function caddyConfig(port: number, upstreams: string[]): string {
  return `{
	admin off
	auto_https off
}
http://127.0.0.1:${port} {
	reverse_proxy ${upstreams.join(' ')} {
		lb_policy round_robin
		lb_try_duration 5s
		lb_try_interval 100ms
		fail_duration 2s
		transport http {
			keepalive off
		}
	}
}
`;
}

export interface Balancer {
  readonly child: ChildProcess;
  /**
   * Takes a process out of rotation before it is stopped, as an operator of nginx does in a rolling
   * restart: it is marked `down` and nginx reloads its configuration (new workers; the old ones
   * finish their calls and keep their sockets until the process tells them to reconnect). With
   * Caddy (its admin API off) nothing is done: a call in the stopping process's accept queue can
   * then be reset (docs/performance.md).
   */
  withdraw(index: number): Promise<void>;
  /** Puts a process taken out back into rotation. */
  restore(index: number): Promise<void>;
}

/** How long nginx is given to start its new workers after a reload. */
const RELOAD_MS = 1_000;

export async function startBalancer(kind: BalancerKind, dir: string, port: number, upstreams: string[]): Promise<Balancer> {
  const probe = spawnSync(kind, ['-v'], { stdio: 'ignore' });
  if (probe.error) throw new Error(`${kind} is not installed: \`apt-get install -y ${kind}\` (Debian), see docs/performance.md.`);
  let child: ChildProcess;
  const down = new Set<number>();
  let writeConfig: (() => void) | null = null;
  if (kind === 'nginx') {
    mkdirSync(join(dir, 'body'), { recursive: true });
    // nginx writes its errors (an upstream refused or reset, say) to its error log, not to stderr.
    const errorLog = process.env.LOAD_BALANCER_LOG || join(dir, 'nginx-error.log');
    writeConfig = () => writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreams, errorLog, down));
    writeConfig();
    child = spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir, '-e', errorLog], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  } else {
    writeFileSync(join(dir, 'Caddyfile'), caddyConfig(port, upstreams));
    child = spawn('caddy', ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      cwd: dir,
      env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  }
  let log = '';
  const keep = process.env.LOAD_BALANCER_LOG;
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-4000);
    if (keep) appendFileSync(keep, chunk);
  });
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, child, 15_000);
  } catch (error) {
    throw new Error(`${kind} did not start: ${String(error)}\n${log}`);
  }
  const reload = async (index: number, out: boolean) => {
    if (!writeConfig) return;
    if (out) down.add(index);
    else down.delete(index);
    writeConfig();
    child.kill('SIGHUP');
    await sleep(RELOAD_MS);
  };
  return { child, withdraw: (index) => reload(index, true), restore: (index) => reload(index, false) };
}
