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
import type { LocaleCode } from '@cupido/shared/rules/locales';
import type { NotificationKind } from '@cupido/shared/rules/notifications';
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

function NotificationMail({ input, x, preview }: { input: NotificationMailInput; x: ReturnType<typeof texts>; preview: string }) {
  const { color, onColor } = brandColors(input.site.themeColor);
  const text = mailText;
  return (
    <MailFrame
      locale={input.locale}
      subject={x.subject}
      preview={preview}
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
        <Text
          id="notification-fictional"
          style={{ ...text, fontSize: '14px', backgroundColor: '#fff3cd', padding: '8px 12px', borderRadius: '6px' }}
        >
          {x.fictional}
        </Text>
      )}
      {x.profiles.map((profile) => (
        <Section key={profile.link} style={{ margin: '0 0 12px', padding: '12px', border: '1px solid #e9ecef', borderRadius: '6px' }}>
          <Link href={profile.link} style={{ ...text, margin: 0, fontWeight: 'bold', color }}>
            {profile.line}
          </Link>
          {profile.fictional && (
            <Text
              style={{ ...text, fontSize: '14px', margin: '4px 0 0', backgroundColor: '#fff3cd', padding: '4px 8px', borderRadius: '4px' }}
            >
              {profile.fictional}
            </Text>
          )}
        </Section>
      ))}
      <Button href={input.link} style={mailButton(color, onColor)}>
        {x.button}
      </Button>
      <Text style={{ ...text, marginTop: '8px' }}>{x.signature}</Text>
    </MailFrame>
  );
}

/** The texts and links a mail's template leaves open: filled per mail (see `renderNotificationMail`). */
type MailSlots = Omit<ReturnType<typeof texts>, 'profiles'> & Pick<NotificationMailInput, 'link' | 'unsubscribeLink' | 'settingsLink'>;
const SLOT_NAMES = [
  'subject',
  'heading',
  'greeting',
  'body',
  'button',
  'fictional',
  'signature',
  'link',
  'unsubscribeLink',
  'settingsLink',
] as const satisfies readonly (keyof MailSlots)[];
/** Letters only, so that neither React's escaping nor the text part's changes them (except upper case: see fill). */
const slotMark = (name: string) => `cupidoslot${name.toLowerCase()}x`;
/** The preview's text and its padding: its length depends on the text, so it is written per mail (as react-email's Preview does). */
const PREVIEW_MARK = 'cupidoslotpreviewx';
const PREVIEW_MAX_LENGTH = 150;
const PREVIEW_PADDING = '\u00A0\u200C\u200B\u200D\u200E\u200F\uFEFF';

/** React's escaping of text and attribute values (react-dom's escapeTextForBrowser). */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);
}

interface MailTemplate {
  html: string;
  text: string;
}
/** Templates per site brand, company, language, kind (the footer names it) and whether a fictional notice shows; cleared when full. */
const templates = new Map<string, Promise<MailTemplate>>();
const TEMPLATES_KEPT = 500;

function template(input: NotificationMailInput, withFictional: boolean): Promise<MailTemplate> {
  const key = JSON.stringify([input.locale, preferenceOf(input.kind), input.site, input.company, withFictional]);
  let cached = templates.get(key);
  if (!cached) {
    const marks = Object.fromEntries(SLOT_NAMES.map((name) => [name, slotMark(name)])) as Record<(typeof SLOT_NAMES)[number], string>;
    const x = { ...marks, fictional: withFictional ? marks.fictional : null, profiles: [] };
    const markedInput = {
      ...input,
      link: marks.link,
      unsubscribeLink: marks.unsubscribeLink,
      settingsLink: marks.settingsLink,
      profiles: [],
    };
    cached = render(<NotificationMail input={markedInput} x={x} preview={PREVIEW_MARK} />).then((html) => ({
      html,
      text: toPlainText(html),
    }));
    if (templates.size >= TEMPLATES_KEPT) templates.clear();
    templates.set(key, cached);
    // A render that failed is not kept: the next mail tries again.
    cached.catch(() => templates.delete(key));
  }
  return cached;
}

/** The preview block as react-email's Preview writes it: the text, cut to 150 characters, and invisible padding to 150. */
function previewHtml(text: string): string {
  const cut = text.substring(0, PREVIEW_MAX_LENGTH);
  return escapeHtml(cut) + (cut.length < PREVIEW_MAX_LENGTH ? `<div>${PREVIEW_PADDING.repeat(PREVIEW_MAX_LENGTH - cut.length)}</div>` : '');
}

/** The mail rendered by React from start to end: the weekly update's, and the reference the templates are tested against. */
export async function renderWhole(input: NotificationMailInput): Promise<RenderedNotificationMail> {
  const x = texts(input);
  const html = await render(<NotificationMail input={input} x={x} preview={x.body} />);
  return { subject: x.subject, html, text: toPlainText(html) };
}

/**
 * A mail of the notification queue: React renders each site's, language's, kind's and layout's
 * template once per process (about 20 ms a render, the queue's largest cost: issue 30, "Speed"),
 * and each mail fills in its texts and links, escaped as React escapes them. The text part is
 * filled the same way: html-to-text keeps letters as they are, except that it writes headings in
 * capitals and gathers runs of white space. A test holds the filled mail equal to a fresh render.
 */
export async function renderNotificationMail(input: NotificationMailInput): Promise<RenderedNotificationMail> {
  assertWebLinks(
    [input.link, input.unsubscribeLink, input.settingsLink, ...(input.profiles ?? []).map((profile) => profile.link)],
    'renderNotificationMail',
  );
  const x = texts(input);
  // The weekly update lists profiles: rare enough to render whole.
  if (x.profiles.length > 0) return renderWhole(input);
  const { html, text } = await template(input, x.fictional !== null);
  const values: MailSlots = { ...x, link: input.link, unsubscribeLink: input.unsubscribeLink, settingsLink: input.settingsLink };
  let filledHtml = html.replace(new RegExp(`${PREVIEW_MARK}<div>[^<]*</div>`), () => previewHtml(x.body));
  let filledText = text;
  for (const name of SLOT_NAMES) {
    const value = values[name] ?? '';
    const plain = value.replace(/[ \t\n\r\f\u200b]+/g, ' ');
    filledHtml = filledHtml.replaceAll(slotMark(name), () => escapeHtml(value));
    filledText = filledText.replaceAll(slotMark(name), () => plain).replaceAll(slotMark(name).toUpperCase(), () => plain.toUpperCase());
  }
  return { subject: x.subject, html: filledHtml, text: filledText };
}
