import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '@cupido/shared/rules/routes';
import { MODERATION_NS, ModerationTexts } from './moderation-texts';

/** The settings' way to the member's moderation decisions (statements of reasons and appeals). */
export function DecisionsSettingsLink() {
  return (
    <ModerationTexts>
      <Inner />
    </ModerationTexts>
  );
}

function Inner() {
  const { t } = useTranslation(MODERATION_NS);
  return (
    <p className="mb-5">
      <Link id="settings-decisions-link" to={routePath('decisions')}>
        {t('settingsLink')}
      </Link>
    </p>
  );
}
