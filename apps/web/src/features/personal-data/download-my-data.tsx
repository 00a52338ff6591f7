import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { personalDataFileName, type TPersonalDataExport } from '@cupido/shared/contracts/personal-data';
import { apiGet, type ApiError } from '../../api/client';
import { useSettings } from '../site/use-settings';
import { isAuthenticationRequired } from '../session/query-client';
import { PERSONAL_DATA_NS } from './personal-data-texts';

/** Hands the browser a file to save, without leaving the page. */
function saveFile(fileName: string, contents: string): void {
  const url = URL.createObjectURL(new Blob([contents], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Download my data" (trust.md): GET /api/personal-data.php, saved as `<site>-my-data-<date>.json`
 * (the name the server gives the file when it is opened directly).
 */
export function DownloadMyData() {
  const { t } = useTranslation(PERSONAL_DATA_NS);
  const settings = useSettings();
  const [done, setDone] = useState(false);
  const download = useMutation<TPersonalDataExport, ApiError>({
    mutationFn: () => apiGet<TPersonalDataExport>('/api/personal-data.php'),
    onSuccess: (data) => {
      saveFile(personalDataFileName(settings.name, new Date(data.exported_at)), `${JSON.stringify(data, null, 2)}\n`);
      setDone(true);
    },
  });
  const start = () => {
    setDone(false);
    download.mutate();
  };

  return (
    <section className="mb-5" aria-labelledby="settings-my-data-title">
      <h2 id="settings-my-data-title" className="h5">
        {t('download.title')}
      </h2>
      <p id="download-my-data-help">{t('download.help')}</p>
      <button
        id="download-my-data"
        type="button"
        className="btn btn-outline-primary"
        aria-describedby="download-my-data-help"
        disabled={download.isPending}
        onClick={start}
      >
        {download.isPending ? t('download.busy') : t('download.button')}
      </button>
      <div aria-live="polite">
        {done && (
          <p id="download-my-data-done" className="text-success mt-2 mb-0" role="status">
            {t('download.done')}
          </p>
        )}
      </div>
      {download.error && !isAuthenticationRequired(download.error) && (
        <div id="download-my-data-error" className="alert alert-danger mt-2" role="alert">
          {download.error.message}
        </div>
      )}
    </section>
  );
}
