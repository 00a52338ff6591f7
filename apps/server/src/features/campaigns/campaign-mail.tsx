/** @jsxRuntime automatic @jsxImportSource react */
/**
 * A campaign's mail (promotions and news, decision 043): the text staff wrote, in the frame every
 * notification mail has (the site's brand, why it came, one-click unsubscribe, the company), as
 * HTML and plain text. The body is plain text: a blank line starts a paragraph, a single line
 * break stays one. React escapes every character staff typed; the only link is the button's,
 * which the service has checked is on the site's own origin.
 */
import { Fragment } from 'react';
import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { render, toPlainText } from '@react-email/render';
import { Text } from '@react-email/text';
import type { TCampaignKind } from '@cupido/shared/contracts/campaigns';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import { translate } from '../../i18n/translate';
import {
  assertWebLinks,
  brandColors,
  MailFrame,
  mailButton,
  mailHeading,
  mailText,
  type MailFrameBrand,
} from '../notifications/mail-frame';

export interface CampaignMailInput extends MailFrameBrand {
  kind: TCampaignKind;
  locale: LocaleCode;
  recipientName: string;
  subject: string;
  body: string;
  /** The button: the campaign's link with the visit's tracking, and its label; null without a link. */
  button: { link: string; label: string } | null;
  unsubscribeLink: string;
  settingsLink: string;
}

export interface RenderedCampaignMail {
  subject: string;
  html: string;
  text: string;
}

/** Paragraphs split at blank lines, each a list of its lines. */
export function paragraphsOf(body: string): string[][] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.split('\n').map((line) => line.trimEnd()))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
}

function CampaignMail({ input }: { input: CampaignMailInput }) {
  const { color, onColor } = brandColors(input.site.themeColor);
  const paragraphs = paragraphsOf(input.body);
  return (
    <MailFrame
      locale={input.locale}
      subject={input.subject}
      preview={paragraphs[0]?.join(' ') ?? input.subject}
      kind={input.kind}
      site={input.site}
      company={input.company}
      unsubscribeLink={input.unsubscribeLink}
      settingsLink={input.settingsLink}
    >
      <Heading as="h1" style={mailHeading}>
        {input.subject}
      </Heading>
      <Text style={mailText}>{translate(input.locale, 'mail.greeting', { name: input.recipientName })}</Text>
      {paragraphs.map((lines, p) => (
        <Text key={p} style={mailText}>
          {lines.map((line, l) => (
            <Fragment key={l}>
              {l > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </Text>
      ))}
      {input.button && (
        <Button href={input.button.link} style={mailButton(color, onColor)}>
          {input.button.label}
        </Button>
      )}
      <Text style={{ ...mailText, marginTop: '8px' }}>{translate(input.locale, 'mail.signature', { site: input.site.name })}</Text>
    </MailFrame>
  );
}

export async function renderCampaignMail(input: CampaignMailInput): Promise<RenderedCampaignMail> {
  assertWebLinks([input.unsubscribeLink, input.settingsLink, ...(input.button ? [input.button.link] : [])], 'renderCampaignMail');
  const html = await render(<CampaignMail input={input} />);
  return { subject: input.subject, html, text: toPlainText(html) };
}
