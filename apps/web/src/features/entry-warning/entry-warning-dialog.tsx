import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FictionalIcon } from '../../ui/fictional-icon';
import { useSettings } from '../site/use-settings';
import { LEAVE_SITE_URL } from './entry-warning-constants';

const FOCUSABLE = 'a[href], button:not(:disabled), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The dialog as plain markup painted with the first render: a fixed overlay (styles/_entry-warning.scss)
 * that takes no space in the page and never touches the body's padding or scrollbar, so the page behind
 * does not move. A modal dialog: the focus stays inside, and only Enter or Leave closes it (no Escape).
 */
export function EntryWarningDialog({ onEnter }: { onEnter: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const dialogRef = useRef<HTMLDivElement>(null);
  const enterRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    enterRef.current?.focus({ preventScroll: true });
  }, []);

  const trapFocus = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialogRef.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialogRef.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="entry-warning" onKeyDown={trapFocus}>
      <div
        ref={dialogRef}
        id="site-entry-warning"
        className="entry-warning__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="site-entry-warning-title"
        aria-describedby="site-entry-warning-body"
      >
        <div className="entry-warning__header">
          <h2 className="h4 mb-0" id="site-entry-warning-title">
            {t('entryWarning.title', { age: settings.minimum_age })}
          </h2>
        </div>
        <div className="entry-warning__body" id="site-entry-warning-body">
          <p>{t('entryWarning.adultContent', { site: settings.name })}</p>
          <p>{t('entryWarning.ageConfirm', { age: settings.minimum_age })}</p>
          <p className="mb-0">
            <span className="badge rounded-pill fictional-badge me-1">
              <FictionalIcon /> {settings.fictional_plural}
            </span>
            {settings.fictional_warning || t('entryWarning.fictionalFallback', { fictionalPlural: settings.fictional_plural })}
          </p>
        </div>
        <div className="entry-warning__footer d-flex flex-column flex-sm-row-reverse justify-content-sm-start gap-2">
          <button ref={enterRef} id="site-entry-warning-enter" type="button" className="btn btn-primary btn-lg px-4" onClick={onEnter}>
            {t('entryWarning.enter')}
          </button>
          <a href={LEAVE_SITE_URL} className="btn btn-outline-secondary" rel="noreferrer">
            {t('entryWarning.leave')}
          </a>
        </div>
      </div>
    </div>
  );
}
