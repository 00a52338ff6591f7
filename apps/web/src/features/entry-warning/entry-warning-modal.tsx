import { useState } from 'react';
import { ENTRY_WARNING_STORAGE_KEY } from '@cupido/shared/rules/constants';
import { showSiteEntryWarning } from '@cupido/shared/rules/site-shell';
import { useSettings } from '../site/use-settings';
import { useSession } from '../session/use-session';
import { EntryWarningDialog } from './entry-warning-dialog';
import { isInstalledApp } from '../installable-app/installed-app';

export { LEAVE_SITE_URL } from './entry-warning-constants';

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

/** The 18+ site-entry warning (id site-entry-warning) for logged-out visitors (spec sections 2 and 4). */
export function EntryWarningModal() {
  const settings = useSettings();
  const { loggedIn, status } = useSession();
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
  // Wait for the session: a member must not see the warning flash while it loads.
  if (!show || status === 'loading') return null;

  const enter = () => {
    rememberDismissed();
    setDismissed(true);
  };
  // Not lazy: the warning is the first thing a visitor sees, so it paints with the first render.
  return <EntryWarningDialog onEnter={enter} />;
}
