/** @jsxRuntime automatic @jsxImportSource react */
/**
 * What every notification mail has around its own content (issue 30, decision 039): the site's
 * logo text on its colour, and a footer that says why the mail came, how to stop it with one
 * click, where the settings are, and the company behind the site. The mails about news
 * (notification-mail.tsx) and the campaigns that staff write (features/campaigns) use it alike.
 */
import type { ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import type { NotificationKind } from '@cupido/shared/rules/notifications';
import { translate } from '../../i18n/translate';
import { safeColor, textColorOn } from '../accounts/account-mails';

export const mailFont = "-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
/** The body text's style; `small` for the footer. */
export const mailText = { fontFamily: mailFont, fontSize: '16px', lineHeight: '1.5', color: '#212529', margin: '0 0 16px' };
/** The mail's heading (an h1). */
export const mailHeading = { fontFamily: mailFont, fontSize: '22px', lineHeight: '1.3', color: '#212529', margin: '0 0 24px' };
/** The one button of a mail, on the site's colour. */
export const mailButton = (color: string, onColor: string) => ({
  backgroundColor: color,
  color: onColor,
  fontFamily: mailFont,
  fontSize: '16px',
  fontWeight: 'bold',
  padding: '14px 28px',
  borderRadius: '6px',
  margin: '8px 0 24px',
});
const small = { fontFamily: mailFont, fontSize: '13px', lineHeight: '1.5', color: '#6c757d', margin: '0 0 8px' };

export interface MailFrameBrand {
  site: { name: string; domain: string; themeColor: string; logoText: string };
  company: { name: string; address: string; city: string; country: string };
}

export interface MailFrameProps extends MailFrameBrand {
  locale: LocaleCode;
  subject: string;
  /** The line mail apps show after the subject. */
  preview: string;
  /** The preference the mail falls under: the footer names it, and its unsubscribe link turns it off. */
  kind: NotificationKind;
  unsubscribeLink: string;
  settingsLink: string;
  children: ReactNode;
}

/** The site's colour, checked, and the text colour readable on it. */
export function brandColors(themeColor: string): { color: string; onColor: string } {
  const color = safeColor(themeColor);
  return { color, onColor: textColorOn(color) };
}

export function MailFrame({ locale, subject, preview, kind, site, company, unsubscribeLink, settingsLink, children }: MailFrameProps) {
  const { color, onColor } = brandColors(site.themeColor);
  const t = (key: string, params: Record<string, string> = {}) =>
    translate(locale, `mail.notification.${key}`, { site: site.name, ...params });
  return (
    <Html lang={locale}>
      <Head>
        <meta name="color-scheme" content="light" />
        <title>{subject}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f4f5f7', margin: 0, padding: '24px 12px' }}>
        <Container style={{ maxWidth: '560px', backgroundColor: '#ffffff', borderRadius: '8px', overflow: 'hidden' }}>
          <Section style={{ backgroundColor: color, padding: '20px 24px' }}>
            <Text style={{ fontFamily: mailFont, fontSize: '24px', fontWeight: 'bold', color: onColor, margin: 0 }}>
              {site.logoText.trim() || site.name}
            </Text>
          </Section>
          <Section style={{ padding: '32px 24px 8px' }}>{children}</Section>
          <Hr style={{ borderColor: '#e9ecef', margin: 0 }} />
          <Section style={{ padding: '16px 24px 24px' }}>
            <Text style={small}>{t('why', { kind: t(`kinds.${kind}`) })}</Text>
            <Text style={small}>
              <Link href={unsubscribeLink} style={{ color }}>
                {t('unsubscribe')}
              </Link>
              {' · '}
              <Link href={settingsLink} style={{ color }}>
                {t('settings')}
              </Link>
            </Text>
            <Text style={small}>
              {company.name}, {company.address}, {company.city}, {company.country} · {site.domain}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** Only web links go into an href: anything else is a bug upstream, not something to mail. */
export function assertWebLinks(links: readonly string[], what: string): void {
  for (const link of links) if (!/^https?:\/\//i.test(link)) throw new Error(`${what}: not an http(s) link: ${link}`);
}
