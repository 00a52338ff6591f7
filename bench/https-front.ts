/**
 * The front a production deployment has (docs/operations.md: TLS at a proxy such as nginx, which
 * speaks HTTP/2 to browsers), for `npm run bench:web` (decision 045): an HTTP/2 server with a
 * throwaway self-signed certificate on a loopback port that passes every request and WebSocket
 * to the app's server unchanged (Host included). Measured through it, a phone's page loads use
 * one multiplexed connection as on a real site, instead of plain HTTP/1.1's six connections that
 * make a screen's dozen small files wait for each other.
 *
 * The certificate is made with Debian's `openssl`; without it, answers null and the bench measures
 * over plain HTTP (and says so).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Hop-by-hop headers (RFC 9110 section 7.6.1) and HTTP/2 pseudo-headers: never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

function forwardable(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)));
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-bench-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-days', '1', '-subj', '/CN=localhost'],
      { cwd: dir, stdio: 'ignore' },
    );
    return { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) };
  } catch {
    return null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface HttpsFront {
  port: number;
  close(): Promise<void>;
}

export async function startHttpsFront(upstreamPort: number): Promise<HttpsFront | null> {
  const certificate = selfSignedCertificate();
  if (!certificate) return null;
  const server = http2.createSecureServer({ ...certificate, allowHTTP1: true }, (request, response) => {
    const host = request.headers[':authority'] ?? request.headers.host;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: request.method,
        path: request.url,
        headers: { ...forwardable(request.headers), host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  // The live channel: browsers open WebSockets over HTTP/1.1; the bytes go to the app as they are.
  server.on('upgrade', (request: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1', () => {
      const lines = [
        `${request.method} ${request.url} HTTP/1.1`,
        ...Object.entries(request.headers).map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : value}`),
      ];
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Open HTTP/2 sessions and WebSockets would keep it open: the bench is over.
        setTimeout(resolve, 1000).unref();
      }),
  };
}
