import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOCALES, type LocaleCode } from '@cupido/shared/rules/locales';
import { usePageTitle } from '../page-title/use-page-title';
import { useSettings } from '../site/use-settings';
import { useSession } from '../session/use-session';
import { useVisibleLanguages } from './locale-dropdown';
import { LOCALE_NS, LocaleTexts } from './locale-texts';
import { useChooseLocale } from './use-choose-locale';
import { useLocale } from './use-locale';

/**
 * /lang-config (spec section 2): the language choice as a page, for a link from a mail or a lander
 * and for whoever finds a page easier than the top bar's menu. The same languages as the menu
 * (spec section 4, Visible languages), each in its own language; a member's choice is stored on
 * the account too (useChooseLocale).
 */
export default function LangConfigPage() {
  return (
    <LocaleTexts>
      <LangConfig />
    </LocaleTexts>
  );
}

function LangConfig() {
  const { t } = useTranslation(LOCALE_NS);
  const settings = useSettings();
  const { locale } = useLocale();
  const { loggedIn } = useSession();
  const visible = useVisibleLanguages();
  const choose = useChooseLocale();
  const [changed, setChanged] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  usePageTitle(t('langConfig.title'), t('langConfig.description', { site: settings.name }));

  const pick = async (code: LocaleCode) => {
    await choose(code);
    setChanged(true);
    status.current?.focus();
  };
  const current = LOCALES.find((l) => l.code === locale) ?? LOCALES[0]!;

  return (
    <div className="container py-4 account-page">
      <h1 className="h3 mb-3">{t('langConfig.title')}</h1>
      <p>{t('langConfig.intro', { site: settings.name })}</p>
      <p ref={status} tabIndex={-1} role="status" className={changed ? 'alert alert-success' : 'visually-hidden'}>
        {changed ? t('langConfig.changed', { language: current.nativeName }) : ''}
      </p>
      <ul className="list-group mb-4" aria-label={t('langConfig.choices')}>
        {LOCALES.filter((l) => visible.includes(l.code)).map((l) => (
          <li key={l.code} className="list-group-item p-0">
            <button
              type="button"
              className={`btn w-100 text-start py-3 px-3 d-flex justify-content-between align-items-center${l.code === locale ? ' fw-bold' : ''}`}
              lang={l.code}
              data-locale={l.code}
              aria-current={l.code === locale ? 'true' : undefined}
              onClick={() => void pick(l.code)}
            >
              <span>{l.nativeName}</span>
              {l.code === locale && <span className="badge text-bg-primary">{t('langConfig.current')}</span>}
            </button>
          </li>
        ))}
      </ul>
      <Link to={loggedIn ? '/members' : '/'} className="btn btn-outline-primary">
        {t('langConfig.back')}
      </Link>
    </div>
  );
}
