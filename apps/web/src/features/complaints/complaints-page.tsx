import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import type { TComplaintAnswer } from '@cupido/shared/contracts/complaints';
import { usePageTitle } from '../page-title/use-page-title';
import { useSettings } from '../site/use-settings';
import { ComplaintForm } from './complaint-form';
import { COMPLAINTS_NS, ComplaintsTexts } from './complaints-texts';

/**
 * /complaints (the footer's Complaints link, issue 31): how a complaint is handled, as the service
 * terms' complaints section promises (a reference number at once, a substantive answer by e-mail
 * within 14 days), where reports and appeals go instead, and the form. Visitors complain too.
 */
export default function ComplaintsPage() {
  return (
    <ComplaintsTexts>
      <Complaints />
    </ComplaintsTexts>
  );
}

function Complaints() {
  const { t } = useTranslation(COMPLAINTS_NS);
  const settings = useSettings();
  usePageTitle(t('title'), t('description', { site: settings.name }));
  const [received, setReceived] = useState<TComplaintAnswer | null>(null);
  const banPolicy = <Link to={routePath('pages-ban')} />;
  const supportEmail = settings.support_email;

  return (
    <div className="container py-4 account-page complaints-page">
      <h1 className="h3 mb-3">{t('title')}</h1>
      <p>{t('intro', { site: settings.name })}</p>

      <h2 className="h5">{t('handling.heading')}</h2>
      <ul id="complaints-handling">
        <li>{t('handling.reference')}</li>
        <li>{t('handling.answer')}</li>
      </ul>

      <h2 className="h5">{t('elsewhere.heading')}</h2>
      <ul id="complaints-elsewhere">
        <li>
          <Trans t={t} i18nKey="elsewhere.report" components={{ ban: banPolicy }} />
        </li>
        <li>
          <Trans t={t} i18nKey="elsewhere.appeal" components={{ ban: banPolicy }} />
        </li>
        <li>{t('elsewhere.privacy')}</li>
        <li>{t('elsewhere.court')}</li>
        {supportEmail && (
          <li>
            <Trans
              t={t}
              i18nKey="elsewhere.email"
              values={{ email: supportEmail }}
              components={{ mail: <a href={`mailto:${supportEmail}`} className="text-break" /> }}
            />
          </li>
        )}
      </ul>

      <h2 className="h5 mt-4">{t('form.heading')}</h2>
      {received ? <ComplaintReceived answer={received} /> : <ComplaintForm onSent={setReceived} />}
    </div>
  );
}

/** Replaces the form once sent: the reference to quote, prominent, and the server's acknowledgement. Focus moves here. */
function ComplaintReceived({ answer }: { answer: TComplaintAnswer }) {
  const { t } = useTranslation(COMPLAINTS_NS);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div id="complaint-received" ref={ref} tabIndex={-1} role="status" className="alert alert-success">
      <h3 className="h5 alert-heading">{t('received.heading')}</h3>
      <p className="mb-0">{t('received.reference')}</p>
      <p id="complaint-reference" className="fs-3 fw-bold font-monospace mb-2 text-break">
        {answer.reference}
      </p>
      <p className="mb-0">{answer.message}</p>
    </div>
  );
}
