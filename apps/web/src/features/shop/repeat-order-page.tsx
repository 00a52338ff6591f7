import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TLastOrderAnswer } from '@cupido/shared/contracts/payments';
import { routePath } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../page-title/use-page-title';
import { PageFallback } from '../../ui/page-fallback';
import { FictionalDisclosure } from './fictional-disclosure';
import { LoadError, PayForm } from './pay-form';
import { useLastOrder, useRepeatOrder } from './shop-calls';
import { countryName, useShopFormat, useShopIso } from './shop-format';
import { isCardMethod } from '@cupido/shared/rules/payments';
import { SHOP_NS, ShopTexts } from './shop-texts';
import './shop.scss';

/** /credits/repeat-order: the member's last order once more, with the same withdrawal checkbox and 'Pay now'. */
export default function RepeatOrderPage() {
  return (
    <ShopTexts fallback={<PageFallback />}>
      <RepeatOrder />
    </ShopTexts>
  );
}

function RepeatOrder() {
  const { t } = useTranslation(SHOP_NS);
  usePageTitle(t('repeat.title'));
  const lastOrder = useLastOrder();
  let body;
  if (lastOrder.isPending) body = <PageFallback />;
  else if (lastOrder.isError) body = <LoadError error={lastOrder.error} onRetry={() => void lastOrder.refetch()} />;
  else if (!lastOrder.data) {
    body = (
      <>
        <p id="repeat-none">{t('repeat.none')}</p>
        <Link to={routePath('credits')} className="btn btn-primary">
          {t('common.toPackages')}
        </Link>
      </>
    );
  } else body = <RepeatForm order={lastOrder.data} />;
  return (
    <div className="container py-4 shop shop-narrow" id="repeat-order-page">
      <h1 className="h3 mb-3">{t('repeat.title')}</h1>
      {body}
    </div>
  );
}

function RepeatForm({ order }: { order: TLastOrderAnswer }) {
  const { t } = useTranslation(SHOP_NS);
  const format = useShopFormat(order.currency);
  const iso = useShopIso();
  const [tried, setTried] = useState(false);
  const repeat = useRepeatOrder();
  return (
    <>
      <section className="card mb-4" aria-labelledby="repeat-order-title" id="repeat-order">
        <div className="card-body">
          <h2 className="h5 card-title" id="repeat-order-title">
            {t('repeat.order')}
          </h2>
          <p className="h4 mb-1">{t('common.credits', { count: order.credits })}</p>
          <p className="shop-price mb-1">
            <strong className="shop-price__now">{format.money(order.amount)}</strong>
          </p>
          <p className="mb-1">{t('repeat.method', { method: t(`methods.${order.method}`) })}</p>
          <p className="small text-body-secondary mb-0">
            {t('packages.country')}: {countryName(iso, order.country)}
          </p>
          {isCardMethod(order.method) && <p className="small mt-2 mb-0">{t('repeat.recurring')}</p>}
          <Link to={routePath('credits')} className="btn btn-link px-0">
            {t('checkout.otherPackage')}
          </Link>
        </div>
      </section>
      <FictionalDisclosure />
      <PayForm
        idPrefix="repeat"
        tried={tried}
        onTried={() => setTried(true)}
        onPay={() => repeat.mutate()}
        busy={repeat.isPending || repeat.isSuccess}
        error={repeat.error}
      />
    </>
  );
}
