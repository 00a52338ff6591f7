/** The fictional badge: shown wherever the back office shows a fictional profile, as members see one too. */
import { useTranslation } from 'react-i18next';

export function FictionalBadge() {
  const { t } = useTranslation('fictional');
  return (
    <span className="badge text-bg-warning ms-2 align-middle" title={t('badge_title')}>
      {t('badge')}
    </span>
  );
}
