import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath, type RouteName } from '@cupido/shared/rules/routes';
import { useSettings } from '../site/use-settings';
import { AdConsentFooterChoice } from '../personal-data/ad-consent-footer-choice';

/** The spec's footer links, in its order; support is the service page. */
export const FOOTER_LINKS: readonly { route: RouteName; key: string }[] = [
  { route: 'pages-terms', key: 'terms' },
  { route: 'pages-privacy', key: 'privacy' },
  { route: 'pages-cookies', key: 'cookies' },
  { route: 'pages-ban', key: 'ban' },
  { route: 'pricing', key: 'pricing' },
  { route: 'complaints', key: 'complaints' },
  { route: 'pages-return-policy', key: 'returnPolicy' },
  { route: 'pages-faq', key: 'faq' },
  { route: 'pages-service', key: 'support' },
];

export function SiteFooter() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <footer className="site-footer border-top py-4 bg-body-tertiary">
      <div className="container">
        <nav aria-label={t('footer.label')}>
          <ul className="list-inline mb-2 text-center">
            {FOOTER_LINKS.map(({ route, key }) => (
              <li key={route} className="list-inline-item my-1">
                {/* Body colour, not link-secondary: grey on the tertiary background is 4.44:1, under WCAG's 4.5:1. */}
                <Link to={routePath(route)} className="link-body-emphasis link-offset-2">
                  {t(`footer.links.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <AdConsentFooterChoice />
        <p className="text-center text-body-secondary small mb-0">
          © {new Date().getFullYear()} {settings.name}
        </p>
      </div>
    </footer>
  );
}
