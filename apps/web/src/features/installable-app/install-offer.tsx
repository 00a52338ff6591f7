import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../site/use-settings';
import { heldInstallOffer } from './installed-app';
// Types only from the rules: their code is the members page's, and a shared chunk would be one more file for it.
import type { InstallOfferKind } from './install-offer-rules';
import { INSTALLABLE_APP_NS, InstallableAppTexts } from './installable-app-texts';

/** The install offer (its own chunk): the browser's install dialog, or on iOS how to add the app. */
interface OfferProps {
  kind: InstallOfferKind;
  /** Remembers the member's no (the close button, or a no in the browser's dialog). */
  onDeclined: () => void;
}

export default function InstallOffer(props: OfferProps) {
  return (
    <InstallableAppTexts>
      <Offer {...props} />
    </InstallableAppTexts>
  );
}

function Offer({ kind, onDeclined }: OfferProps) {
  const { t } = useTranslation(INSTALLABLE_APP_NS);
  const site = useSettings().name;
  const [open, setOpen] = useState(true);
  if (!open) return null;

  const dismiss = () => {
    onDeclined();
    setOpen(false);
  };
  const install = async () => {
    const offer = heldInstallOffer();
    setOpen(false);
    if (!offer) return;
    await offer.prompt();
    // Declined in the browser's dialog: a no, remembered like the close button's.
    if ((await offer.userChoice).outcome === 'dismissed') onDeclined();
  };

  return (
    // In the page's flow (never over it), as compact as the other alerts on a phone.
    <section id="install-offer" className="alert alert-light border alert-dismissible py-2 py-sm-3" aria-labelledby="install-offer-title">
      <h2 id="install-offer-title" className="h6 mb-1">
        {t(kind === 'ios' ? 'ios.title' : 'install.title', { site })}
      </h2>
      <p className="small mb-0">{t(kind === 'ios' ? 'ios.text' : 'install.text')}</p>
      {kind === 'prompt' && (
        <button id="install-offer-install" type="button" className="btn btn-primary btn-sm mt-2" onClick={() => void install()}>
          {t('install.button')}
        </button>
      )}
      <button type="button" className="btn-close" aria-label={t('install.dismiss')} onClick={dismiss} />
    </section>
  );
}
