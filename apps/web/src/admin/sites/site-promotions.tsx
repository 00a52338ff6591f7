/**
 * The promo tiles and partner redirects of a site (issue 31, decision 051), at the foot of its
 * settings screen. Closed at first: their calls go out only when staff open them.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PartnerRedirectsSection } from './partner-redirects-section';
import { PromoTilesSection } from './promo-tiles-section';

export function SitePromotions({ siteId }: { siteId: number }) {
  const { t } = useTranslation('promotions');
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="site-promotions-title" className="mt-5 pt-3 border-top">
      <h2 id="site-promotions-title" className="h4">
        {t('title')}
      </h2>
      <p className="text-body-secondary">{t('intro')}</p>
      <button
        id="site-promotions-toggle"
        type="button"
        className="btn btn-outline-primary mb-3"
        aria-expanded={open}
        aria-controls="site-promotions"
        onClick={() => setOpen(!open)}
      >
        {open ? t('hide') : t('show')}
      </button>
      <div id="site-promotions" hidden={!open}>
        {open && (
          <>
            <PromoTilesSection siteId={siteId} />
            <PartnerRedirectsSection siteId={siteId} />
          </>
        )}
      </div>
    </section>
  );
}
