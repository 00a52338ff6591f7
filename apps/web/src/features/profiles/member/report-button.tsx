import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithReload } from '../../../platform/chunk-reload';
import { PROFILES_NS } from '../profiles-texts';
import type { ReportDialogProps } from './report-dialog';

// The dialog and its form (react-hook-form, zod and the report contract) are a chunk of their own,
// fetched when a member is about to report: the profile page, which visitors see too, stays small.
const ReportDialog = lazyWithReload(() => import('./report-dialog'));

const preloadReportDialog = () =>
  void ReportDialog.preload().catch(() => {
    // Opening the dialog loads it again.
  });

/** The report dialog, once its chunk is there (the photo viewer's report opens it too). */
export function LazyReportDialog(props: ReportDialogProps) {
  return (
    <Suspense fallback={null}>
      <ReportDialog {...props} />
    </Suspense>
  );
}

/** The Report button of a profile page: opens the report dialog for the whole profile. */
export function ReportButton({ profileId, name }: { profileId: number; name: string }) {
  const { t } = useTranslation(PROFILES_NS);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on: closed, it keeps an unsent report and plays its closing transition.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        id="member-report"
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onPointerEnter={preloadReportDialog}
        onFocus={preloadReportDialog}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {t('report.button')}
      </button>
      {opened && <LazyReportDialog show={open} onHide={() => setOpen(false)} profileId={profileId} title={t('report.title', { name })} />}
    </>
  );
}
