import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { useSession } from '../session/use-session';
import { useSettings } from '../site/use-settings';
import { isPushOfferShown, rememberPushOfferDismissed, wasPushOfferDismissed } from './push-offer-rules';
import { getPushState, isSubscription } from './push-state';
import { turnOnPush } from './push-subscription';
import { WEB_PUSH_NS, WebPushTexts } from './web-push-texts';

/**
 * The offer to turn on push (issue 30), on the members page, the landing after login, in the
 * page's flow. Decided once, when the page opens, as the install offer is: a state learnt later
 * (this browser's subscription, read once the first screen settled) waits for the next page
 * instead of pushing this one down. At most one offer at a time: `otherwise` (the install offer)
 * shows when this one does not.
 */
export function PushOfferLauncher({ otherwise = null }: { otherwise?: ReactNode }) {
  const { user } = useSession();
  const publicKey = useSettings().push_public_key;
  const [shown] = useState(
    () =>
      !!user &&
      isPushOfferShown({
        loggedIn: true,
        confirmed: user.status !== 'not_confirmed',
        publicKey,
        ...getPushState(),
        dismissed: wasPushOfferDismissed(user.id),
      }),
  );
  if (!user || !shown) return otherwise;
  return (
    <WebPushTexts>
      <PushOffer userId={user.id} publicKey={publicKey} />
    </WebPushTexts>
  );
}

type Step = 'offer' | 'asking' | 'on' | 'denied' | 'closed';

function PushOffer({ userId, publicKey }: { userId: number; publicKey: string }) {
  const { t } = useTranslation(WEB_PUSH_NS);
  const site = useSettings().name;
  const [step, setStep] = useState<Step>('offer');
  const [failed, setFailed] = useState(false);

  const turnOn = async () => {
    setStep('asking');
    setFailed(false);
    try {
      const outcome = await turnOnPush(publicKey);
      // A prompt closed without an answer asks nothing more of the member: the offer stays.
      setStep(isSubscription(outcome) ? 'on' : outcome === 'denied' ? 'denied' : 'offer');
    } catch {
      setFailed(true);
      setStep('offer');
    }
  };
  const dismiss = () => {
    rememberPushOfferDismissed(userId);
    setStep('closed');
  };

  if (step === 'closed') return null;
  if (step === 'on' || step === 'denied') return <Outcome step={step} site={site} onClose={() => setStep('closed')} />;
  return (
    // The close button remembers the no. On a phone only the title and the button show (the
    // explanation stays the section's description), so the first search results stay in the
    // first screen (search-phone's rule).
    <section
      id="push-offer"
      className="alert alert-light border alert-dismissible py-2 py-sm-3"
      aria-labelledby="push-offer-title"
      aria-describedby="push-offer-text"
    >
      <h2 id="push-offer-title" className="h6 mb-1">
        {t('offer.title')}
      </h2>
      <p id="push-offer-text" className="small mb-0 d-none d-sm-block">
        {t('offer.text', { site })}
      </p>
      <button
        id="push-offer-enable"
        type="button"
        className="btn btn-primary btn-sm mt-1 mt-sm-2"
        disabled={step === 'asking'}
        aria-busy={step === 'asking' || undefined}
        onClick={() => void turnOn()}
      >
        {t('offer.enable')}
      </button>
      {failed && (
        <p id="push-offer-error" className="small text-danger mt-2 mb-0" role="alert">
          {t('failed')}
        </p>
      )}
      <button type="button" className="btn-close" aria-label={t('offer.dismiss')} onClick={dismiss} />
    </section>
  );
}

/** What came of the member's answer; it takes the focus the removed button had. */
function Outcome({ step, site, onClose }: { step: 'on' | 'denied'; site: string; onClose: () => void }) {
  const { t } = useTranslation(WEB_PUSH_NS);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      id="push-offer-outcome"
      ref={ref}
      tabIndex={-1}
      className={`alert alert-dismissible py-2 py-sm-3 small ${step === 'on' ? 'alert-success' : 'alert-warning'}`}
      role="status"
    >
      {step === 'on' ? (
        t('offer.on')
      ) : (
        <>
          {t('offer.denied', { site })} <Link to={`${routePath('notifications')}#push-device`}>{t('offer.deniedHelp')}</Link>
        </>
      )}
      <button type="button" className="btn-close" aria-label={t('offer.dismiss')} onClick={onClose} />
    </div>
  );
}
