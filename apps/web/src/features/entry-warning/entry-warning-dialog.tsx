import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../site/use-settings';
import { LEAVE_SITE_URL } from './entry-warning-constants';

/** The dialog itself, in its own chunk: visitors who dismissed it never download Modal code. */
export default function EntryWarningDialog({ onEnter }: { onEnter: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Modal
      id="site-entry-warning"
      show
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
        <Button id="site-entry-warning-enter" variant="primary" size="lg" onClick={onEnter} className="px-4">
          {t('entryWarning.enter')}
        </Button>
        <a href={LEAVE_SITE_URL} className="btn btn-outline-secondary" rel="noreferrer">
          {t('entryWarning.leave')}
        </a>
      </Modal.Footer>
    </Modal>
  );
}
