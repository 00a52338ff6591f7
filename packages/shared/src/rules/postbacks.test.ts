import { describe, expect, it } from 'vitest';
import { isPrivateHost, postbackAmount, postbackTemplateProblem, unknownPostbackPlaceholders } from './postbacks';

describe('isPrivateHost', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    'localhost',
    'LOCALHOST.',
    'a.localhost',
    '::1',
    '[::1]',
    '::',
    'fe80::1',
    'fd00::1',
    'fc12:3::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    'ff02::1',
  ])('%s is private', (host) => {
    expect(isPrivateHost(host)).toBe(true);
  });
  it.each([
    '8.8.8.8',
    '172.32.0.1',
    '192.169.0.1',
    '100.128.0.1',
    'example.com',
    'localhost.example.com',
    '2001:db8::1',
    '2a00:1450:4001::1',
    '::ffff:8.8.8.8',
  ])('%s is public', (host) => {
    expect(isPrivateHost(host)).toBe(false);
  });
});

describe('postbackTemplateProblem', () => {
  const demo = { allowLoopbackDouble: true };
  const production = { allowLoopbackDouble: false };
  it('takes an https template with known placeholders', () => {
    expect(
      postbackTemplateProblem('https://track.example.com/pb?click={ref}&s={sub1}&e={event}&a={amount}&c={currency}&u={user}', production),
    ).toBeNull();
    expect(postbackTemplateProblem('https://track.example.com/pb/{ref}/{event}', production)).toBeNull();
  });
  it('takes the http://127.0.0.1:<port> double in a demo only', () => {
    expect(postbackTemplateProblem('http://127.0.0.1:4010/pb?e={event}', demo)).toBeNull();
    expect(postbackTemplateProblem('http://127.0.0.1:4010/pb?e={event}', production)).toBe('postback_template_not_https');
    expect(postbackTemplateProblem('http://127.0.0.1/pb', demo)).toBe('postback_template_not_https');
    expect(postbackTemplateProblem('http://10.0.0.1:4010/pb', demo)).toBe('postback_template_not_https');
    expect(postbackTemplateProblem('https://127.0.0.1:4010/pb', production)).toBe('postback_template_private_host');
  });
  it('refuses what is no https URL to a public host, placeholders in the host and unknown ones', () => {
    expect(postbackTemplateProblem('', production)).toBe('postback_template_required');
    expect(postbackTemplateProblem(`https://a.example.com/${'x'.repeat(2000)}`, production)).toBe('postback_template_too_long');
    expect(postbackTemplateProblem('http://a.example.com/', production)).toBe('postback_template_not_https');
    expect(postbackTemplateProblem('https://2130706433/', production)).toBe('postback_template_private_host');
    expect(postbackTemplateProblem('https://{sub1}.example.com/', production)).toBe('postback_template_placeholder_in_host');
    expect(postbackTemplateProblem('https://a.example.com:{cpc}/', production)).toBe('postback_template_placeholder_in_host');
    expect(postbackTemplateProblem('https://a.example.com/?m={email}', production)).toBe('postback_template_unknown_placeholder');
    expect(postbackTemplateProblem('https://a.example.com/?m={Event}', production)).toBe('postback_template_unknown_placeholder');
    expect(postbackTemplateProblem('https://x:y@a.example.com/', production)).toBe('postback_template_invalid');
  });
  it('names the unknown placeholders and stray braces', () => {
    expect(unknownPostbackPlaceholders('https://a/?a={email}&b={ref}&c={email}&d={}')).toEqual(['email', '']);
    expect(unknownPostbackPlaceholders('https://a/?a={ref')).toEqual(['{']);
  });
});

describe('postbackAmount', () => {
  it('tells minor units in major units with the currency’s decimals', () => {
    expect(postbackAmount(1496, 'EUR')).toBe('14.96');
    expect(postbackAmount(1274, 'GBP')).toBe('12.74');
    expect(postbackAmount(500, 'PLN')).toBe('5.00');
    expect(postbackAmount(500, 'JPY')).toBe('500');
  });
});
