/** The SMS port: the log-only default keeps a file; the gateway adapter against a local fake Twilio-compatible API. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSmsSender, parseSmsFile, SmsError } from './sms';

const gateway = { accountSid: 'AC0123456789abcdef', authToken: 'secret-token', from: '+3197010200300' };

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  form: Record<string, string>;
}

let server: http.Server;
let baseUrl: string;
let seen: Seen[] = [];
let answer: { status: number; body: string } | 'hang' = { status: 201, body: '{}' };
const dirs: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, form: Object.fromEntries(new URLSearchParams(raw)) });
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  seen = [];
  answer = { status: 201, body: '{}' };
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function logSink() {
  const lines: { obj: object; msg: string }[] = [];
  return { lines, log: { info: (obj: object, msg: string) => lines.push({ obj, msg }) } };
}

describe('SMS, log-only default', () => {
  it('writes each message to <dataDir>/sms and logs the recipient, not the text', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cupido-sms-'));
    dirs.push(dataDir);
    const { lines, log } = logSink();
    const sms = createSmsSender({ gateway: undefined, dataDir, log });
    await sms.send({ to: '+31612345678', text: 'Your Cupido code: 987654' });
    await sms.send({ to: '+31612345678', text: 'Your Cupido code: 555444' });
    const files = fs.readdirSync(path.join(dataDir, 'sms')).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{8}\.txt$/);
    const messages = files.map((f) => parseSmsFile(fs.readFileSync(path.join(dataDir, 'sms', f), 'utf8')));
    expect(messages.map((m) => m.text).sort()).toEqual(['Your Cupido code: 555444', 'Your Cupido code: 987654']);
    expect(messages[0]!.to).toBe('+31612345678');
    expect(seen).toHaveLength(0);
    expect(lines).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toContain('987654');
    // The number is masked as in every other log line (issue 27); the file holds it for the demo.
    expect(lines[0]!.obj).toMatchObject({ to: '+31***678' });
    expect(JSON.stringify(lines)).not.toContain('+31612345678');
  });
});

describe('SMS, Twilio-compatible gateway', () => {
  it('posts To/From/Body to the Messages API with basic auth', async () => {
    answer = { status: 201, body: JSON.stringify({ sid: 'SM123', status: 'queued' }) };
    const { lines, log } = logSink();
    const sms = createSmsSender({ gateway: { ...gateway, url: `${baseUrl}/` }, dataDir: '/nonexistent', log });
    await sms.send({ to: '+31612345678', text: 'Your Cupido code: 987654' });
    expect(seen).toHaveLength(1);
    const call = seen[0]!;
    expect(call.method).toBe('POST');
    expect(call.url).toBe(`/2010-04-01/Accounts/${gateway.accountSid}/Messages.json`);
    expect(call.headers.authorization).toBe(`Basic ${Buffer.from(`${gateway.accountSid}:${gateway.authToken}`).toString('base64')}`);
    expect(call.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call.form).toEqual({ To: '+31612345678', From: gateway.from, Body: 'Your Cupido code: 987654' });
    expect(JSON.stringify(lines)).not.toContain('987654');
    expect(JSON.stringify(lines)).toContain('SM123');
    expect(lines[0]!.obj).toMatchObject({ to: '+31***678' });
    expect(JSON.stringify(lines)).not.toContain('+31612345678');
  });

  it('throws SmsError with the status on a refusal or a server error', async () => {
    const sms = createSmsSender({ gateway: { ...gateway, url: baseUrl }, dataDir: '/nonexistent', log: logSink().log });
    answer = { status: 400, body: JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }) };
    const refused = await sms.send({ to: '+31600000000', text: 'x' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SmsError);
    expect((refused as SmsError).status).toBe(400);
    expect((refused as SmsError).message).toContain('21211');
    answer = { status: 503, body: 'unavailable' };
    expect(await sms.send({ to: '+31600000000', text: 'x' }).catch((e: unknown) => (e as SmsError).status)).toBe(503);
  });

  it('gives up after its timeout', async () => {
    answer = 'hang';
    const sms = createSmsSender({ gateway: { ...gateway, url: baseUrl }, dataDir: '/nonexistent', log: logSink().log, timeoutMs: 200 });
    const error = await sms.send({ to: '+31600000000', text: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect((error as SmsError).message).toContain('200 ms');
  });
});
