/** @jsxRuntime automatic @jsxImportSource react */
/**
 * A notification mail (issue 30): branded with the member's site (logo text on its colour, the
 * company's details in the footer), in the member's language, rendered from React components
 * (react-email, decision 039) to HTML and to a plain-text part. It names the profile it is about,
 * discloses a fictional one as every screen does, says why it came and how to stop it.
 */
import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { render, toPlainText } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { LocaleCode } from '@cupido/shared/locales';
import type { NotificationKind } from '@cupido/shared/notification-rules';
import { translate } from '../../i18n/translate';
import { assertWebLinks, brandColors, MailFrame, mailButton, mailHeading, mailText } from './mail-frame';
import type { Company, Site } from '../sites/service';

/** What a mail is about: the preference kind it falls under is `preferenceOf`. */
/** News between members: mailed and pushed per topic (delivery.ts, push-notification.ts). */
export type MemberNewsKind = 'new_messages' | 'new_conversations' | 'like' | 'match';
/** Every notification mail: the news, and the scheduled ones (scheduled-mails.ts). */
export type NotificationMailKind = MemberNewsKind | 'unread_message_reminders' | 'weekly_updates';

export const preferenceOf = (kind: NotificationMailKind): NotificationKind => (kind === 'match' ? 'like' : kind);

export interface NotificationMailInput {
  kind: NotificationMailKind;
  locale: LocaleCode;
  /** The member the mail goes to. */
  recipientName: string;
  /** The profile the mail is about (the reminder: who wrote last). */
  about: { name: string; fictional: boolean };
  /** The weekly update's new members, each with the link to their profile. */
  profiles?: { name: string; age: number; city: string; fictional: boolean; link: string }[];
  site: { name: string; domain: string; themeColor: string; logoText: string; fictionalLabel: string };
  company: { name: string; address: string; city: string; country: string };
  /** Where the button leads (the conversation, the likes). */
  link: string;
  /** The web page that unsubscribes from this kind (also in List-Unsubscribe, as the API's URL). */
  unsubscribeLink: string;
  settingsLink: string;
}

/** The brand a mail carries: the site's name, colour and logo, its fictional-profile label in the member's language, and its company's footer. */
export function mailBrand(
  site: Pick<Site, 'name' | 'domain' | 'themeColor' | 'logoText' | 'fictionalSingular'>,
  company: Pick<Company, 'name' | 'address' | 'city' | 'country'>,
  language: LocaleCode,
): Pick<NotificationMailInput, 'site' | 'company'> {
  return {
    site: {
      name: site.name,
      domain: site.domain,
      themeColor: site.themeColor,
      logoText: site.logoText,
      fictionalLabel: site.fictionalSingular[language] ?? site.fictionalSingular.en ?? '',
    },
    company: { name: company.name, address: company.address, city: company.city, country: company.country },
  };
}

export interface RenderedNotificationMail {
  subject: string;
  html: string;
  text: string;
}

function texts(input: NotificationMailInput) {
  const t = (key: string, params: Record<string, string> = {}) =>
    translate(input.locale, `mail.notification.${key}`, { name: input.about.name, site: input.site.name, ...params });
  return {
    subject: t(`${input.kind}.subject`),
    heading: t(`${input.kind}.heading`),
    greeting: translate(input.locale, 'mail.greeting', { name: input.recipientName }),
    body: t(`${input.kind}.body`),
    button: t(`${input.kind}.button`),
    fictional: input.about.fictional ? t('fictional', { label: input.site.fictionalLabel }) : null,
    profiles: (input.profiles ?? []).map((profile) => ({
      ...profile,
      line: t('profileLine', { name: profile.name, age: String(profile.age), city: profile.city }),
      fictional: profile.fictional ? t('fictional', { label: input.site.fictionalLabel, name: profile.name }) : null,
    })),
    signature: translate(input.locale, 'mail.signature', { site: input.site.name }),
  };
}

function NotificationMail({ input, x }: { input: NotificationMailInput; x: ReturnType<typeof texts> }) {
  const { color, onColor } = brandColors(input.site.themeColor);
  const text = mailText;
  return (
    <MailFrame
      locale={input.locale}
      subject={x.subject}
      preview={x.body}
      kind={preferenceOf(input.kind)}
      site={input.site}
      company={input.company}
      unsubscribeLink={input.unsubscribeLink}
      settingsLink={input.settingsLink}
    >
      <Heading as="h1" style={mailHeading}>
        {x.heading}
      </Heading>
      <Text style={text}>{x.greeting}</Text>
      <Text style={text}>{x.body}</Text>
      {x.fictional && (
        <Text id="notification-fictional" style={{ ...text, fontSize: '14px', backgroundColor: '#fff3cd', padding: '8px 12px', borderRadius: '6px' }}>
          {x.fictional}
        </Text>
      )}
      {x.profiles.map((profile) => (
        <Section key={profile.link} style={{ margin: '0 0 12px', padding: '12px', border: '1px solid #e9ecef', borderRadius: '6px' }}>
          <Link href={profile.link} style={{ ...text, margin: 0, fontWeight: 'bold', color }}>
            {profile.line}
          </Link>
          {profile.fictional && <Text style={{ ...text, fontSize: '14px', margin: '4px 0 0', backgroundColor: '#fff3cd', padding: '4px 8px', borderRadius: '4px' }}>{profile.fictional}</Text>}
        </Section>
      ))}
      <Button
        href={input.link}
        style={mailButton(color, onColor)}
      >
        {x.button}
      </Button>
      <Text style={{ ...text, marginTop: '8px' }}>{x.signature}</Text>
    </MailFrame>
  );
}

export async function renderNotificationMail(input: NotificationMailInput): Promise<RenderedNotificationMail> {
  assertWebLinks([input.link, input.unsubscribeLink, input.settingsLink, ...(input.profiles ?? []).map((profile) => profile.link)], 'renderNotificationMail');
  const x = texts(input);
  const html = await render(<NotificationMail input={input} x={x} />);
  return { subject: x.subject, html, text: toPlainText(html) };
}
