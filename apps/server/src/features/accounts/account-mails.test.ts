import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '@cupido/shared/rules/locales';
import { escapeHtml, formatDuration, renderAccountMail, type AccountMailInput, type AccountMailKind } from './account-mails';

const KINDS: AccountMailKind[] = ['activation', 'password_reset', 'mail_change', 'reactivation', 'email_changed', 'password_changed'];

const site = {
  name: 'Amora',
  domain: 'nl.localhost',
  themeColor: '#c2410c',
  logoText: 'Amora',
  supportEmail: 'klantenservice@amora.example',
};
const LINK = 'https://nl.localhost/api/activate.php?token=abc_123-XYZ&lang=nl';

const input = (overrides: Partial<AccountMailInput> = {}): AccountMailInput => ({
  kind: 'activation',
  locale: 'en',
  name: 'Sanne',
  link: LINK,
  site,
  expiresInHours: 48,
  changedAt: new Date('2026-11-23T13:05:00Z'),
  newEmail: 'new@example.com',
  ...overrides,
});

describe('account mails', () => {
  it('security notices say what changed and when (UTC), with the new address escaped', () => {
    const mail = renderAccountMail(input({ kind: 'email_changed', newEmail: '<x>@example.com', expiresInHours: 168 }));
    expect(mail.text).toContain('<x>@example.com');
    expect(mail.text).toContain('23 November 2026');
    expect(mail.text).toContain('23 November 2026 at 13:05 UTC');
    expect(mail.text).toContain('This was not me');
    expect(mail.html).toContain('&lt;x&gt;@example.com');
    expect(mail.html).not.toContain('<x>');
    const de = renderAccountMail(input({ kind: 'password_changed', locale: 'de', expiresInHours: 168 }));
    expect(de.subject).toBe('Das Passwort deines Kontos bei Amora wurde geändert');
    expect(de.text).toContain('23. November 2026');
  });

  describe.each(KINDS)('%s', (kind) => {
    it.each(LOCALE_CODES)('renders in %s: subject, text and html with the link and the site', (locale) => {
      const mail = renderAccountMail(input({ kind, locale, expiresInHours: kind === 'reactivation' ? 336 : 2 }));
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part.trim()).not.toBe('');
        expect(part).toContain('Amora');
        expect(part).not.toMatch(/\{\{|\}\}/);
      }
      // The text part has the raw link on a line of its own; the html has it escaped, as
      // button and as visible fallback.
      expect(mail.text.split('\n')).toContain(LINK);
      expect(mail.html.split(`href="${escapeHtml(LINK)}"`)).toHaveLength(3);
      expect(mail.html).toContain(`>${escapeHtml(LINK)}</a>`);
      expect(mail.html).toContain(`<html lang="${locale}">`);
      expect(mail.html).toContain('klantenservice@amora.example');
      expect(mail.text).toContain('klantenservice@amora.example');
      expect(mail.text).toContain('Sanne');
      expect(mail.html).toContain('background-color:#c2410c');
    });
  });

  it('escapes every interpolated value in the html', () => {
    const hostile = '<script>alert("x")</script> & \'Co\'';
    const mail = renderAccountMail(
      input({
        name: hostile,
        link: 'https://nl.localhost/api/activate.php?token="><img src=x onerror=alert(1)>',
        site: { ...site, name: '<b>Evil</b> & Co', logoText: '<img src=x>', supportEmail: '"a"@<x>.example' },
      }),
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Evil');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('"><');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;');
    expect(mail.html).toContain('&lt;b&gt;Evil&lt;/b&gt; &amp; Co');
    // The text part and the subject are not HTML: the name stays as typed there.
    expect(mail.text).toContain(hostile);
    expect(mail.subject).toContain('<b>Evil</b> & Co');
  });

  it('uses a safe theme colour and readable button text', () => {
    const injected = renderAccountMail(input({ site: { ...site, themeColor: 'red;background:url(https://evil.example)' } }));
    expect(injected.html).not.toContain('evil.example');
    expect(injected.html).toContain('background-color:#d63384');
    const light = renderAccountMail(input({ site: { ...site, themeColor: '#ffd43b' } }));
    expect(light.html).toMatch(/background-color:#ffd43b[^>]*>\s*<a [^>]*color:#212529/);
    const dark = renderAccountMail(input({ site: { ...site, themeColor: '#1c3d8f' } }));
    expect(dark.html).toMatch(/background-color:#1c3d8f[^>]*>\s*<a [^>]*color:#ffffff/);
  });

  it('falls back to the site name when the site has no logo text', () => {
    const mail = renderAccountMail(input({ site: { ...site, name: 'Cupido', logoText: ' ' } }));
    expect(mail.html).toMatch(/font-weight:bold;color:#ffffff;">Cupido<\/td>/);
  });

  it('writes the Dutch activation mail in Dutch, addressing the member informally', () => {
    const mail = renderAccountMail(input({ locale: 'nl', expiresInHours: 48 }));
    expect(mail.subject).toBe('Bevestig je e-mailadres voor Amora');
    expect(mail.text).toContain('Hoi Sanne,');
    expect(mail.text).toContain('Bevestig mijn e-mailadres:\n' + LINK);
    expect(mail.text).toContain('De link is 2 dagen geldig.');
    expect(mail.html).toContain('Welkom bij Amora!');
  });

  it('says how long a reset link works and that the mail can be ignored', () => {
    const mail = renderAccountMail(input({ kind: 'password_reset', expiresInHours: 2 }));
    expect(mail.text).toContain('This link is valid for 2 hours.');
    expect(mail.text).toMatch(/ignore this e-mail; your password stays the same/);
  });

  it('tells a member pending deletion when the account is erased', () => {
    const mail = renderAccountMail(input({ kind: 'reactivation', locale: 'de', expiresInHours: 14 * 24 }));
    expect(mail.text).toContain('bleibt noch 14 Tage erhalten');
    expect(mail.text).not.toContain('Der Link ist'); // no separate validity line: the body says it
    expect(renderAccountMail(input({ kind: 'reactivation', locale: 'pl', expiresInHours: 336 })).text).toContain(
      'Czas do usunięcia: 14 dni.',
    );
  });

  it('formats durations with the language’s plural forms, never overstating', () => {
    expect(formatDuration('en', 1)).toBe('1 hour');
    expect(formatDuration('en', 0.2)).toBe('1 hour');
    expect(formatDuration('en', 23.9)).toBe('23 hours');
    expect(formatDuration('en', 24)).toBe('1 day');
    expect(formatDuration('en', 47)).toBe('1 day');
    expect(formatDuration('pl', 2)).toBe('2 godziny');
    expect(formatDuration('pl', 5)).toBe('5 godzin');
    expect(formatDuration('de', 336)).toBe('14 Tage');
  });

  it('refuses a link that is not a web link', () => {
    expect(() => renderAccountMail(input({ link: 'javascript:alert(1)' }))).toThrow(/http/);
  });
});
