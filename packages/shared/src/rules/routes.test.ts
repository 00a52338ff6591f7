import { describe, expect, it } from 'vitest';
import { isServedPath, routePath } from './routes';

describe('route table', () => {
  it('builds paths from names, leaving out absent optional parts', () => {
    expect(routePath('index')).toBe('/');
    expect(routePath('members-id', { id: 42 })).toBe('/members/42');
    expect(routePath('transactions')).toBe('/transactions');
    expect(routePath('credits-id-paymentmethod', { id: 'p1', paymentmethod: 'ideal' })).toBe('/credits/p1/ideal');
  });
  it('knows which paths have a screen', () => {
    expect(isServedPath('/')).toBe(true);
    expect(isServedPath('/pages/terms')).toBe(true);
    expect(isServedPath('/pages/terms/')).toBe(true);
    expect(isServedPath('/pages/unknown')).toBe(false);
    expect(isServedPath('/no/such/page')).toBe(false);
  });
  it('serves the account, profile, liking, chat and shop screens, and not yet the screens of later issues', () => {
    for (const path of [
      '/members',
      '/members/7',
      '/members/7/chat',
      '/chats',
      '/chats/12',
      '/likes',
      '/likes/liked',
      '/likes/liked-by',
      '/likes/matches',
      '/likes/m/7',
      '/swipe-game',
      '/match-finder',
      '/signup-matches',
      '/profile',
      '/login',
      '/signup',
      '/complete-signup',
      '/reset-password',
      '/reset-password/do',
      '/account-deleted',
      '/activate/done',
      '/activate/error',
      '/mail-change/do',
      '/notifications',
      '/credits',
      '/credits/p1',
      '/credits/p1/ideal',
      '/credits/repeat-order',
      '/transactions/42',
      '/directdebit',
      '/premium',
      '/pricing',
      '/complaints',
      '/lang-config',
    ]) {
      expect(isServedPath(path)).toBe(true);
    }
    for (const path of ['/credits/p1/ideal/more', '/members/7/landing/more', '/members/7/landing4', '/chats/12/more']) {
      expect(isServedPath(path)).toBe(false);
    }
  });
  it('serves the member landing pages (slug optional) and the {token} static page only for tokens of the catalogue', () => {
    for (const path of [
      '/members/7/landing',
      '/members/7/signup',
      '/members/7/landing2',
      '/members/7/landing2/beach',
      '/members/7/landing3/night',
      '/pages/faq',
    ]) {
      expect(isServedPath(path)).toBe(true);
    }
    for (const path of ['/members/7/signup/more', '/pages/unknown', '/pages/faq/more', '/pages/']) {
      expect(isServedPath(path)).toBe(false);
    }
  });
});
