import { useTranslation } from 'react-i18next';

export function AdminNotFound() {
  const { t } = useTranslation('common');
  return <h1 className="h4">{t('not_found')}</h1>;
}
