/**
 * The real server (or another entry point) as a child process, the way an operator runs it: for
 * the tests of main.ts, its shutdown and its production guard. Every server listens on 127.0.0.1.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** A port nothing listens on right now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** The exit code, once it exits. */
  exited: Promise<number | null>;
  /** Everything it wrote so far, stdout and stderr together. */
  output(): string;
}

/** Runs `script` (relative to the repository) under tsx with exactly `env`. */
export function startProcess(script: string, env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: REPO_ROOT, env });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Resolves once GET /api/health answers 200; throws when the process exits first or after two and a
 * half minutes: a start (tsx compiling the server, migrations) on a CI machine busy with other test
 * files that start servers of their own took over a minute once.
 */
export async function waitForHealth(port: number, exited: Promise<unknown>): Promise<void> {
  let done = false;
  void exited.then(() => (done = true));
  for (let i = 0; i < 600 && !done; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become healthy');
}
