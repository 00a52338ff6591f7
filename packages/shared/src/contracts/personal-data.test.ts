import { describe, expect, it } from 'vitest';
import { PERSONAL_DATA_PART_NAMES, personalDataFileName } from './personal-data';

describe('Download my data', () => {
  it('names the file after the site and the day, as a plain slug', () => {
    const day = new Date('2026-03-10T23:30:00Z');
    expect(personalDataFileName('Cupido Test', day)).toBe('cupido-test-my-data-2026-03-10.json');
    expect(personalDataFileName('Amóra & Zoë', day)).toBe('amora-zoe-my-data-2026-03-10.json');
    expect(personalDataFileName('"; rm -rf', day)).toBe('rm-rf-my-data-2026-03-10.json');
    expect(personalDataFileName('***', day)).toBe('site-my-data-2026-03-10.json');
  });

  it('lists every part the features contribute', () => {
    expect(PERSONAL_DATA_PART_NAMES).toEqual([
      'account',
      'consents',
      'profile',
      'photos',
      'blocks',
      'reports',
      'complaints',
      'credit_history',
      'likes',
      'chats',
      'orders',
      'operator_care',
      'notifications',
      'push_devices',
      'campaign_mails',
      'traffic_source',
      'conversion_reports',
    ]);
  });
});
