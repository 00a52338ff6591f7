/**
 * "Download my data" holds what the operator console keeps about the member (issue 15): the
 * vulnerability flag with its signals and the notes staff wrote about them, without staff names,
 * and nothing kept about another member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPersonalDataExport } from '@cupido/shared/contracts/personal-data';
import { createAccountsTestApp, type AccountsTestApp } from '../../test/accounts-kit';
import { operatorKit } from './test/operator-test-kit';

let t: AccountsTestApp;
let kit: ReturnType<typeof operatorKit>;

beforeAll(async () => {
  t = await createAccountsTestApp();
  kit = operatorKit(t);
});
afterAll(() => t.close());

const download = async (domain: string, cookie: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/personal-data.php?domain=${domain}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return ZPersonalDataExport.parse(response.json());
};

describe('the operator console in the personal data download', () => {
  it('holds the member’s flag and the notes about them, and nothing about others', async () => {
    const { domain, members, fictionalId, conversations } = await kit.waitingSite(2);
    const [flagged, other] = [members[0]!, members[1]!];
    const operator = await kit.operator();
    expect((await download(domain, flagged.cookie)).operator_care).toEqual({ vulnerability: null, notes: [] });

    await kit.chats.sent(domain, flagged.cookie, fictionalId, 'I am so lonely and I spend too much on credits');
    expect((await kit.claim(operator, conversations[0]!)).statusCode).toBe(200);
    expect((await kit.note(operator, conversations[0]!, 'Works nights at the hospital.')).statusCode).toBe(200);

    const care = (await download(domain, flagged.cookie)).operator_care;
    expect(care.vulnerability).toMatchObject({ signals: ['lonely', 'spending_too_much'], marked_by_staff: false });
    expect(care.notes).toEqual([
      { fictional_profile_id: fictionalId, note: 'Works nights at the hospital.', updated_at: expect.any(String) },
    ]);
    expect(JSON.stringify(care)).not.toContain(operator.name);
    expect((await download(domain, other.cookie)).operator_care).toEqual({ vulnerability: null, notes: [] });
  });
});
