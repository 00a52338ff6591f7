/**
 * nginx on this machine in front of local server processes, as the reference deployment runs it
 * (decision 056): Debian's nginx with a configuration generated around deploy/nginx/proxy.conf,
 * on one local port, without TLS. `npm run cluster` (deploy/cluster.ts) and the chat bench's
 * three-process case (bench/chat-delivery.ts) start it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '..');

export const nginxBinary = () => process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The generated configuration: cupido.conf's upstream and proxy settings, on one local port. */
export function localNginxConfig({
  listenPort,
  upstreamPorts,
  runDir,
}: {
  listenPort: number;
  upstreamPorts: readonly number[];
  runDir: string;
}): string {
  const proxy = fs.readFileSync(path.join(REPO, 'deploy/nginx/proxy.conf'), 'utf8');
  const temp = (name: string) => `${name}_temp_path ${path.join(runDir, name)};`;
  return `worker_processes 1;
worker_rlimit_nofile 20000;
error_log ${path.join(runDir, 'nginx-error.log')} warn;
pid ${path.join(runDir, 'nginx.pid')};
events { worker_connections 8192; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  map $http_upgrade $cupido_connection { default upgrade; '' ''; }
  upstream cupido {
    least_conn;
${upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=0;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${listenPort};
    client_max_body_size 16m;
    gzip off;
    location / {
      proxy_pass http://cupido;
${proxy.replace(/^(?!#)(.+)$/gm, '      $1')}
    }
  }
}
`;
}

/** A folder for one nginx run: its configuration, pid, log and temporary folders. */
export function nginxRunDir(): string {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-nginx-'));
  // nginx's workers run as nobody when started as root: they must reach their temporary folders.
  fs.chmodSync(runDir, 0o755);
  return runDir;
}

/** The command line that runs nginx in the foreground on the run folder's configuration. */
export function nginxArgs(runDir: string): string[] {
  return ['-p', runDir, '-c', path.join(runDir, 'nginx.conf'), '-e', path.join(runDir, 'nginx-error.log'), '-g', 'daemon off;'];
}

/** Resolves once `/health` answers through nginx; throws after `ms`. */
export async function answeringThrough(port: number, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx on port ${port} did not answer within ${ms} ms`);
}

/**
 * Starts nginx on `listenPort` in front of the processes on `upstreamPorts`, once they serve.
 * `stop()` ends it gracefully (SIGQUIT: open requests finish) and removes its folder.
 */
export async function startLocalNginx(
  listenPort: number,
  upstreamPorts: readonly number[],
): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const runDir = nginxRunDir();
  fs.writeFileSync(path.join(runDir, 'nginx.conf'), localNginxConfig({ listenPort, upstreamPorts, runDir }));
  const child = spawn(nginxBinary(), nginxArgs(runDir), { stdio: ['ignore', 'inherit', 'inherit'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    }
    fs.rmSync(runDir, { recursive: true, force: true });
  };
  try {
    await answeringThrough(listenPort);
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, stop };
}
