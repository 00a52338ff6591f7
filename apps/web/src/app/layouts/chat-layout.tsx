import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { EntryWarningModal } from '../../features/entry-warning/entry-warning-modal';
import { useSettings } from '../../features/site/use-settings';
import { PageFallback } from './page-fallback';

/** Countries where the chat screens still show the site-entry warning (spec section 2). */
export const CHAT_ENTRY_WARNING_COUNTRIES = ['NL', 'DE'] as const;

/** Full-screen shell for the chat screens; the conversation list and chat parts arrive with chats. */
export function ChatLayout() {
  const settings = useSettings();
  const country = settings.geoip_selected_country ?? settings.geoip_country;
  const warn = !!country && (CHAT_ENTRY_WARNING_COUNTRIES as readonly string[]).includes(country);
  return (
    <div className="chat-layout vh-100 d-flex flex-column overflow-hidden">
      <main id="main-content" className="flex-grow-1 d-flex min-h-0" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {warn && <EntryWarningModal />}
    </div>
  );
}
