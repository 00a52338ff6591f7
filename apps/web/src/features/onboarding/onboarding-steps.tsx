import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TUser } from '@cupido/shared/contracts/accounts';
import type { TOwnProfile } from '@cupido/shared/contracts/profiles';
import { routePath } from '@cupido/shared/rules/routes';
import { useOwnProfile } from '../profiles/profile-calls';
import { ACCOUNTS_NS } from '../accounts/accounts-texts';

/** Filled enough to be found and answered: who they are, a word about themselves, interests. */
function isProfileComplete(profile: TOwnProfile): boolean {
  return (
    profile.gender !== null &&
    profile.about.trim() !== '' &&
    profile.interests.length > 0 &&
    (profile.city.trim() !== '' || profile.region !== '')
  );
}

/**
 * The short onboarding after activation: add a photo, complete the profile, with what is done
 * ticked off. Any photo counts, also one still awaiting review (the profile page says so).
 */
export function OnboardingSteps({ user }: { user: TUser }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const profile = useOwnProfile();
  const steps = [
    {
      id: 'photo',
      title: t('activateDone.stepPhoto'),
      text: t('activateDone.stepPhotoText'),
      to: `${routePath('profile')}#photos-title`,
      done: user.profile.main_image !== null,
    },
    {
      id: 'profile',
      title: t('activateDone.stepProfile'),
      text: t('activateDone.stepProfileText'),
      to: routePath('profile'),
      done: profile.data ? isProfileComplete(profile.data) : false,
    },
  ];
  const done = steps.filter((s) => s.done).length;

  return (
    <div id="activate-done-steps" className="card shadow-sm mb-4">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-2">
          <h2 className="h5 mb-0">{t('activateDone.stepsTitle')}</h2>
          <span id="activate-done-progress" className="small text-body-secondary">
            {t('activateDone.progress', { done, total: steps.length })}
          </span>
        </div>
        <div
          className="progress mb-3"
          role="progressbar"
          aria-label={t('activateDone.stepsTitle')}
          aria-valuenow={done}
          aria-valuemin={0}
          aria-valuemax={steps.length}
        >
          <div className="progress-bar" style={{ width: `${(done / steps.length) * 100}%` }} />
        </div>
        <ol className="list-unstyled mb-0 d-grid gap-2">
          {steps.map((step, index) => (
            <li key={step.id} id={`activate-done-step-${step.id}`} data-done={step.done}>
              <Link to={step.to} className="d-flex gap-3 align-items-center p-2 rounded border text-decoration-none text-body">
                <span className={`badge rounded-pill ${step.done ? 'text-bg-success' : 'text-bg-secondary'}`} aria-hidden="true">
                  {step.done ? '✓' : index + 1}
                </span>
                <span className="flex-grow-1">
                  <span className="d-block fw-semibold text-decoration-underline">{step.title}</span>
                  <span className="d-block small text-body-secondary">{step.text}</span>
                </span>
                {step.done && <span className="badge text-bg-light">{t('activateDone.stepDone')}</span>}
              </Link>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
