/**
 * The notification mails' templates (issue 30, "Speed"): a mail filled into its site's cached
 * template is the mail React renders whole, byte for byte, in HTML and in the text part, for every
 * kind and language, fictional or not, and with names and links that need escaping.
 */
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '@cupido/shared/rules/locales';
import { renderNotificationMail, renderWhole, type NotificationMailInput, type NotificationMailKind } from './notification-mail';

const KINDS: NotificationMailKind[] = ['new_messages', 'new_conversations', 'like', 'match', 'unread_message_reminders'];

function input(overrides: Partial<NotificationMailInput> = {}): NotificationMailInput {
  return {
    kind: 'new_messages',
    locale: 'en',
    recipientName: 'Sanne',
    about: { name: 'Bram', fictional: false },
    site: { name: 'Cupido', domain: 'cupido.example', themeColor: '#d63384', logoText: 'Cupido', fictionalLabel: 'Fictional profile' },
    company: { name: 'Cupido B.V.', address: 'Keizersgracht 1', city: 'Amsterdam', country: 'NL' },
    link: 'https://cupido.example/chats/7?network=email&sub1=new_messages',
    unsubscribeLink: 'https://cupido.example/unsubscribe?token=12-new_messages-20000-abc',
    settingsLink: 'https://cupido.example/notifications?network=email&sub1=new_messages',
    ...overrides,
  };
}

describe('notification mail templates', () => {
  it('fill in to exactly what a whole render gives, for every kind, language and fictional notice', async () => {
    let compared = 0;
    for (const locale of LOCALE_CODES) {
      for (const kind of KINDS) {
        for (const fictional of [false, true]) {
          const mail = input({ kind, locale, about: { name: 'Bram', fictional } });
          expect(await renderNotificationMail(mail)).toEqual(await renderWhole(mail));
          compared++;
        }
      }
    }
    expect(compared).toBe(LOCALE_CODES.length * KINDS.length * 2);
  });

  it('escape names and links as React does, and keep them out of the template of the next mail', async () => {
    const tricky = input({
      recipientName: `Zoë "Z" O'Neil`,
      about: { name: '<b>Bo</b> & Co', fictional: true },
      link: 'https://cupido.example/chats/7?a=1&b="2"',
      site: { name: 'Love & <Luck>', domain: 'luck.example', themeColor: '#0d6efd', logoText: 'L&L', fictionalLabel: 'Staff "profile"' },
    });
    const filled = await renderNotificationMail(tricky);
    expect(filled).toEqual(await renderWhole(tricky));
    expect(filled.html).toContain('&lt;b&gt;Bo&lt;/b&gt; &amp; Co');
    expect(filled.html).not.toContain('<b>Bo</b>');
    expect(filled.html).not.toMatch(/cupidoslot/i);
    expect(filled.text).not.toMatch(/cupidoslot/i);

    // The same site's template, another member: nothing of the first mail stays.
    const plain = { ...tricky, recipientName: 'Eva', about: { name: 'Tom', fictional: true }, link: 'https://cupido.example/chats/8' };
    const second = await renderNotificationMail(plain);
    expect(second).toEqual(await renderWhole(plain));
    expect(second.html).not.toContain('Bo</b>');
    expect(second.html).not.toContain('Zoë');
  });

  it('writes the preview with its padding to 150 characters, also for a long name', async () => {
    const long = input({ about: { name: 'A'.repeat(160), fictional: false } });
    const filled = await renderNotificationMail(long);
    expect(filled).toEqual(await renderWhole(long));
    const short = input({ about: { name: 'Al', fictional: false } });
    expect(await renderNotificationMail(short)).toEqual(await renderWhole(short));
  });
});
