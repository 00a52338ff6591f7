import { useTranslation } from 'react-i18next';
import { FictionalBadge } from '../navigation/fictional-badge';
import { useSettings } from '../site/use-settings';
import { SHOP_NS } from './shop-texts';

/**
 * The fictional-profile disclosure, repeated on the checkout right before paying (trust.md: shown
 * before a contract is made, not only in the terms): the site's mark and its own warning, or the
 * app's explanation of the mark when a site has none.
 */
export function FictionalDisclosure() {
  const { t } = useTranslation(SHOP_NS);
  const { t: tCommon } = useTranslation();
  const settings = useSettings();
  return (
    <section className="alert alert-info mb-4" aria-labelledby="checkout-disclosure-title" id="checkout-disclosure">
      <h2 className="h6" id="checkout-disclosure-title">
        {t('checkout.disclosureTitle')}
      </h2>
      <p className="mb-0" id="checkout-fictional-warning">
        <FictionalBadge plural />{' '}
        {settings.fictional_warning ||
          tCommon('disclaimers.fictional', { icon: settings.fictional_icon, fictionalPlural: settings.fictional_plural })}
      </p>
    </section>
  );
}
