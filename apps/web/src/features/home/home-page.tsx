import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../page-title/use-page-title';
import { Link, Navigate } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { useSettings } from '../site/use-settings';
import { FictionalBadge } from '../navigation/fictional-badge';
import { SignupLink } from '../accounts/signup-launcher';
import { useSession } from '../session/use-session';

const STEPS = ['signup', 'profile', 'match'] as const;

/** The landing page for logged-out visitors (route index); a member's home is the members page. */
export function HomePage() {
  const { t } = useTranslation();
  usePageTitle();
  const settings = useSettings();
  const { loggedIn } = useSession();
  if (loggedIn) return <Navigate to={routePath('members')} replace />;
  return (
    <>
      <section className="home-hero py-5 text-center">
        <div className="container py-md-4">
          <h1 className="display-5 fw-bold mb-3">{settings.index_title || settings.name}</h1>
          {settings.description && <p className="lead mx-auto mb-4 home-hero__lead">{settings.description}</p>}
          <div className="d-flex flex-column flex-sm-row gap-2 justify-content-center">
            <SignupLink id="home-signup" className="btn btn-primary btn-lg px-4">
              {t('home.signup')}
            </SignupLink>
            <Link to={routePath('members')} className="btn btn-outline-primary btn-lg px-4">
              {t('home.login')}
            </Link>
          </div>
          <p className="small text-body-secondary mt-3 mb-0">{t('home.ageNote', { age: settings.minimum_age })}</p>
        </div>
      </section>

      <section className="py-5" aria-labelledby="how-it-works">
        <div className="container">
          <h2 id="how-it-works" className="h3 text-center mb-4">
            {t('home.howItWorks.title')}
          </h2>
          <ol className="row g-4 list-unstyled mb-0">
            {STEPS.map((step, index) => (
              <li key={step} className="col-md-4">
                <div className="card h-100 border-0 shadow-sm">
                  <div className="card-body">
                    <span className="step-number mb-3" aria-hidden="true">
                      {index + 1}
                    </span>
                    <h3 className="h5">{t(`home.howItWorks.${step}.title`)}</h3>
                    <p className="mb-0 text-body-secondary">{t(`home.howItWorks.${step}.text`, { site: settings.name })}</p>
                  </div>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="py-5 bg-body-tertiary" aria-labelledby="good-to-know">
        <div className="container">
          <h2 id="good-to-know" className="h3 text-center mb-4">
            {t('home.notes.title')}
          </h2>
          <div className="row g-4 justify-content-center">
            <div className="col-md-5">
              <h3 className="h6">{t('home.notes.adults.title', { age: settings.minimum_age })}</h3>
              <p className="text-body-secondary mb-0">{t('home.notes.adults.text', { age: settings.minimum_age })}</p>
            </div>
            <div className="col-md-5">
              {/* The home page's one fictional-profile notice: header and disclaimers leave it out here (decision 015). */}
              <h3 className="h6">{t('home.notes.fictional.title')}</h3>
              <p className="text-body-secondary mb-2" id="home-fictional-notice">
                {settings.fictional_warning || t('home.notes.fictional.text', { fictionalPlural: settings.fictional_plural })}
              </p>
              <p className="mb-0">
                <FictionalBadge plural />
              </p>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
