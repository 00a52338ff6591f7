import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ENTRY_WARNING_STORAGE_KEY } from '@cupido/shared/constants';
import { showSiteEntryWarning } from '@cupido/shared/rules';
import { useSettings } from '../site/use-settings';
import { useSession } from '../session/use-session';

export const LEAVE_SITE_URL = 'https://www.google.com';

function isInstalledApp(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
}

function readDismissed(): boolean {
  try {
    return !!window.localStorage.getItem(ENTRY_WARNING_STORAGE_KEY);
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    window.localStorage.setItem(ENTRY_WARNING_STORAGE_KEY, new Date().toISOString());
  } catch {
    // Private mode: the warning simply shows again next visit.
  }
}

/** The 18+ site-entry warning for logged-out visitors (spec sections 2 and 4). */
export function EntryWarningModal() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { loggedIn } = useSession();
  const [dismissed, setDismissed] = useState(readDismissed);
  const [installedApp] = useState(isInstalledApp);

  const show = showSiteEntryWarning({
    installedApp,
    dismissed,
    enableSetting: settings.enable_site_entry_popup,
    loggedIn,
    restrictedToCountries: settings.site_entry_popup_countries,
    selectedCountry: settings.geoip_selected_country,
  });

  const enter = () => {
    rememberDismissed();
    setDismissed(true);
  };

  return (
    <Modal
      id="site-entry-warning"
      show={show}
      size="lg"
      centered
      backdrop="static"
      keyboard={false}
      aria-labelledby="site-entry-warning-title"
      aria-describedby="site-entry-warning-body"
    >
      <Modal.Header>
        <Modal.Title as="h2" className="h4" id="site-entry-warning-title">{t('entryWarning.title', { age: settings.minimum_age })}</Modal.Title>
      </Modal.Header>
      <Modal.Body id="site-entry-warning-body">
        <p>{t('entryWarning.adultContent', { site: settings.name })}</p>
        <p>{t('entryWarning.ageConfirm', { age: settings.minimum_age })}</p>
        <p className="mb-0">
          <span className="badge rounded-pill fictional-badge me-1">
            <span aria-hidden="true">{settings.fictional_icon}</span> {settings.fictional_plural}
          </span>
          {settings.fictional_warning || t('entryWarning.fictionalFallback', { fictionalPlural: settings.fictional_plural })}
        </p>
      </Modal.Body>
      <Modal.Footer className="flex-column flex-sm-row-reverse justify-content-sm-start gap-2">
        <Button id="site-entry-warning-enter" variant="primary" size="lg" onClick={enter} className="px-4">
          {t('entryWarning.enter')}
        </Button>
        <Button as="a" href={LEAVE_SITE_URL} variant="outline-secondary" rel="noreferrer">
          {t('entryWarning.leave')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
