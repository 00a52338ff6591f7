/** Fails when the served OpenAPI document and the committed docs/openapi.json differ (decision 020). */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { formatOpenApi, OPENAPI_FILE, servedOpenApi } from './document';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('docs/openapi.json', () => {
  it('is the document the app serves', async () => {
    const served = formatOpenApi(await servedOpenApi(t.app));
    const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '(missing)';
    // Compared as text in the committed form: a reordered key shows in review too.
    expect(served, 'docs/openapi.json is out of date: run `npm run openapi` and commit it').toBe(committed);
  });
});
