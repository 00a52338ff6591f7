/**
 * Chromium's push service, stood in for on 127.0.0.1 (issue 30, web push). To subscribe, Chromium
 * checks the device in with Google's push service (FCM/GCM) and registers the subscription there;
 * the test machine cannot reach it, so `pushManager.subscribe()` would wait forever. Chromium's own
 * switches point it elsewhere (--gcm-checkin-url, --gcm-registration-url, --gcm-mcs-endpoint): this
 * server answers the check-in (a protobuf AndroidCheckinResponse with a device id and token) and
 * each registration (`token=...`). Everything else is Chromium's own: it makes the subscription's
 * keys and its endpoint (https://…/fcm/send/<token>), and the app and the server handle it as any.
 *
 * Pushes are not sent through it: the scenarios deliver them to the worker through the DevTools
 * protocol (ServiceWorker.deliverPushMessage), and the server's encrypted sends are tested against
 * the local push service of apps/server/src/features/push/test.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** AndroidCheckinResponse: stats_ok (1) = true, android_id (7) and security_token (8), fixed64 each. */
function checkinResponse(): Buffer {
  const body = Buffer.alloc(20);
  body[0] = 0x08;
  body[1] = 1;
  body[2] = 0x39;
  body.writeBigUInt64LE(4_242_424_242_424n, 3);
  body[11] = 0x41;
  body.writeBigUInt64LE(7_777_777_777_777n, 12);
  return body;
}

export interface ChromiumPushService {
  /** The switches that send Chromium's check-in and registrations here. */
  switches: string[];
  /** How many subscriptions Chromium registered. */
  registrations: () => number;
  close: () => Promise<void>;
}

export async function startChromiumPushService(): Promise<ChromiumPushService> {
  let registrations = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url?.startsWith('/checkin')) {
        response.writeHead(200, { 'Content-Type': 'application/x-protobuf' }).end(checkinResponse());
      } else if (request.url?.startsWith('/register')) {
        registrations++;
        response.writeHead(200, { 'Content-Type': 'text/plain' }).end(`token=e2e-${Date.now()}-${registrations}`);
      } else {
        response.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    switches: [
      `--gcm-checkin-url=${origin}/checkin`,
      `--gcm-registration-url=${origin}/register`,
      // Nothing listens there: delivering pushes over this connection is not needed (see above).
      '--gcm-mcs-endpoint=https://127.0.0.1:9',
    ],
    registrations: () => registrations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
