/**
 * Bad input to every call of the served OpenAPI document (issue 10 security, decision 023): NUL
 * bytes, lone surrogates, huge and negative numbers, wrong types, deep JSON, wrong content types
 * and oversized bodies, in bodies and query strings, as a logged-in member. Any 5xx fails the test
 * with the call and the input; refusals (4xx) and successes are both fine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { activeMember, createAccountsTestApp, nextIp, sessionCookieOf, type AccountsTestApp } from '../test/accounts-kit';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  minimum?: number;
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
}
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Valid values for fields whose format the schema does not say, so a mutation of another field gets past them. */
let fuzzCounter = 0;
const VALID_BY_NAME: Record<string, () => string> = {
  // A new address each time, so signups get past "this address has an account".
  email: () => `fuzz.${process.pid}.${(fuzzCounter += 1)}@example.com`,
  date_of_birth: () => '1990-05-17',
  name: () => 'Fuzzy',
  country: () => 'NL',
};

/**
 * A plausible value of a schema: the first option, 1, true, a valid text for known fields, else
 * 'x'. Passwords are valid but wrong, so no call changes the member's password or ends the account.
 */
function sample(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'x';
  if (name in VALID_BY_NAME) return VALID_BY_NAME[name]!();
  if (name.includes('password')) return 'not the password 1';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options?.length) return sample(options.find((option) => option.type !== 'null') ?? options[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, key)]));
    case 'array':
      return [sample(schema.items)];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

const BAD_VALUES: [string, unknown][] = [
  ['NUL byte', 'a\u0000b'],
  ['lone high surrogate', 'a\uD800b'],
  ['lone low surrogate', '\uDC00'],
  ['long text', 'x'.repeat(100_000)],
  ['beyond int4', 2_147_483_648],
  ['beyond int8', 9_223_372_036_854_775_808],
  ['negative', -1],
  ['below int4', -2_147_483_649],
  ['fraction', 1.5],
  ['number as text', '12'],
  ['null', null],
  ['object', { nested: { deeper: 'a\u0000' } }],
  ['array', ['a\u0000', 2_147_483_648]],
  ['boolean', true],
  ['empty text', ''],
];

const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const RAW_BODIES: [string, string, string][] = [
  ['deep JSON object', 'application/json', deep(5_000)],
  ['deep JSON array', 'application/json', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
  ['broken JSON', 'application/json', '{"email": "a@b.c",'],
  ['JSON array body', 'application/json', '[1,2,3]'],
  ['JSON string body', 'application/json', '"a\\u0000b"'],
  ['JSON null body', 'application/json', 'null'],
  ['empty JSON body', 'application/json', ''],
  ['duplicate keys', 'application/json', '{"profile_id": 1, "profile_id": 99999999999}'],
  ['prototype key', 'application/json', '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}'],
  ['oversized body', 'application/json', JSON.stringify({ text: 'x'.repeat(1_500_000) })],
  ['text/plain', 'text/plain', 'hello'],
  ['form encoded', 'application/x-www-form-urlencoded', 'email=a%00b&password=x'],
  ['multipart without parts', 'multipart/form-data; boundary=----x', '------x--\r\n'],
  ['multipart garbage', 'multipart/form-data; boundary=abc', 'not multipart at all'],
  ['multipart without boundary', 'multipart/form-data', 'x'],
  ['XML', 'application/xml', '<a>1</a>'],
  ['JSON in latin1', 'application/json; charset=latin1', '{"email":"\u00e9"}'],
  ['unknown charset', 'application/json; charset=utf-99', '{}'],
];

const BAD_QUERY_VALUES: [string, string][] = [
  ['NUL byte', '%00'],
  ['lone surrogate (CESU bytes)', '%ED%A0%80'],
  ['broken UTF-8', '%F0%9F'],
  ['broken escape', '%E'],
  ['beyond int4', '2147483648'],
  ['beyond int8', '99999999999999999999999'],
  ['negative', '-1'],
  ['exponent', '1e999'],
  ['long text', 'x'.repeat(10_000)],
];

let t: AccountsTestApp;
let member: Awaited<ReturnType<typeof activeMember>>;
let cookie: string;
beforeAll(async () => {
  t = await createAccountsTestApp();
  member = await activeMember(t);
  cookie = member.cookie;
});
afterAll(() => t.close());

/** Calls like logout end the session; log in again so the next calls still get past authentication. */
async function keepLoggedIn(): Promise<void> {
  const user = (await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } })).json().user;
  if (user) return;
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    payload: { email: member.body.email, password: member.body.password },
    remoteAddress: nextIp(),
  });
  cookie = sessionCookieOf(login);
}

describe('bad input to every documented call', () => {
  it('never answers 5xx', { timeout: 120_000 }, async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const failures: string[] = [];
    let calls = 0;

    const call = async (label: string, options: InjectOptions) => {
      calls += 1;
      const response = await t.app.inject({ ...options, headers: { cookie, ...options.headers }, remoteAddress: nextIp() });
      if (response.statusCode >= 500) {
        failures.push(
          `${options.method} ${String(options.url).slice(0, 120)} [${label}] -> ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
    };

    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase() as Method, operation })),
    );
    expect(operations.length).toBeGreaterThan(20);

    for (const { path, method, operation } of operations) {
      await keepLoggedIn();
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const base = () => (sample(bodySchema ?? { type: 'object' }) ?? {}) as Record<string, unknown>;
      const withBody = method !== 'GET';

      if (withBody) {
        await call('sample body', { method, url: path, payload: base() });
        for (const field of Object.keys(base())) {
          for (const [label, value] of BAD_VALUES) {
            await call(`${field}: ${label}`, { method, url: path, payload: { ...base(), [field]: value } });
            // Alone too: partial updates (profile.php) would otherwise stop at another sample value first.
            await call(`only ${field}: ${label}`, { method, url: path, payload: { [field]: value } });
          }
        }
        for (const [label, value] of BAD_VALUES)
          await call(`extra field: ${label}`, { method, url: path, payload: { ...base(), extra: value } });
      }
      for (const [label, contentType, raw] of RAW_BODIES) {
        // A GET with a body is refused or ignored; it must not fail either.
        await call(label, { method, url: path, payload: raw, headers: { 'content-type': contentType } });
      }

      const queryNames = [
        ...new Set([...(operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name), 'domain', 'locale']),
      ];
      for (const name of queryNames) {
        for (const [label, value] of BAD_QUERY_VALUES) await call(`?${name}: ${label}`, { method, url: `${path}?${name}=${value}` });
        await call(`?${name}: repeated`, { method, url: `${path}?${name}=1&${name}=2` });
        await call(`?${name}: bracketed`, { method, url: `${path}?${name}[a]=1` });
      }
    }

    expect(calls).toBeGreaterThan(500);
    expect(failures, `${failures.length} of ${calls} calls failed:\n${failures.join('\n')}`).toEqual([]);
  });
});
