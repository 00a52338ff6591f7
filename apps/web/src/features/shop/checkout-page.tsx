import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { TCreditPackage, TPackagesAnswer } from '@cupido/shared/contracts/payments';
import type { TPackageId, TPaymentMethod } from '@cupido/shared/rules/payments';
import { formatMoney } from '@cupido/shared/rules/prices';
import { routePath } from '@cupido/shared/rules/routes';
import { usePageTitle } from '../page-title/use-page-title';
import { PageFallback } from '../../ui/page-fallback';
import { NotFoundPage } from '../errors/not-found-page';
import { CARD_BRANDS, CardBrandLogos, ONE_CARD_CHOICE, brandName } from './card-brands';
import { FictionalDisclosure } from './fictional-disclosure';
import { DiscountNote, PackagePrice } from './package-price';
import { LoadError, PayForm, missingId, type MissingStep } from './pay-form';
import { useCreatePayment, usePackages, type PackagesChoice } from './shop-calls';
import { countryName, useShopIso } from './shop-format';
import { checkoutLink, choiceFrom, choiceSearch, directDebitLink } from './shop-links';
import { isCardMethod, isPackageId, isPaymentMethod } from '@cupido/shared/rules/payments';
import { SHOP_NS, ShopTexts } from './shop-texts';
import './shop.scss';

/**
 * /credits/{id}/{paymentmethod?}: the chosen package with the active discount, the methods of the
 * payment country, the fictional-profile disclosure once more, the withdrawal checkbox and
 * 'Pay now' (spec sections 2 and 4, trust.md "Buying credits").
 */
export default function CheckoutPage() {
  return (
    <ShopTexts fallback={<PageFallback />}>
      <Checkout />
    </ShopTexts>
  );
}

function Checkout() {
  const { id, paymentmethod } = useParams();
  if (!isPackageId(id)) return <NotFoundPage />;
  return <CheckoutOf packageId={id} method={isPaymentMethod(paymentmethod) ? paymentmethod : undefined} />;
}

function CheckoutOf({ packageId, method }: { packageId: TPackageId; method: TPaymentMethod | undefined }) {
  const { t } = useTranslation(SHOP_NS);
  usePageTitle(t('checkout.title'));
  const [params] = useSearchParams();
  const choice = choiceFrom(params);
  const packages = usePackages(choice);

  let body;
  if (packages.isPending) body = <PageFallback />;
  else if (packages.isError) {
    body = (
      <LoadError error={packages.error} onRetry={() => void packages.refetch()}>
        <Link to={routePath('credits') + choiceSearch({ country: choice.country })} className="btn btn-sm btn-link">
          {t('common.toPackages')}
        </Link>
      </LoadError>
    );
  } else {
    const pkg = packages.data.packages.find((p) => p.id === packageId);
    body = pkg ? (
      <CheckoutForm answer={packages.data} pkg={pkg} method={method} choice={choice} />
    ) : (
      <p className="alert alert-warning" id="checkout-unknown">
        {t('checkout.unknownPackage')}
      </p>
    );
  }
  return (
    <div className="container py-4 shop shop-narrow" id="checkout-page">
      <h1 className="h3 mb-3">{t('checkout.title')}</h1>
      {body}
    </div>
  );
}

function CheckoutForm({
  answer,
  pkg,
  method,
  choice,
}: {
  answer: TPackagesAnswer;
  pkg: TCreditPackage;
  method: TPaymentMethod | undefined;
  choice: PackagesChoice;
}) {
  const { t } = useTranslation(SHOP_NS);
  const iso = useShopIso();
  const [tried, setTried] = useState(false);
  const payment = useCreatePayment();
  const navigate = useNavigate();
  // The choice shows at once; the address follows (a router navigation is a transition, during
  // which a controlled radio would jump back for a moment).
  const [picked, setPicked] = useState(method);
  // Card methods are left out while a chargeback blocks card purchases (the server refuses them too).
  const methods = answer.methods.filter((m) => !(answer.card_blocked && isCardMethod(m)));
  const chosen = picked && methods.includes(picked) ? picked : undefined;
  const choose = (next: TPaymentMethod) => {
    setPicked(next);
    void navigate(checkoutLink(pkg.id, next, choice), { replace: true });
  };
  const choices = methodChoices(methods);
  const methodStep: MissingStep[] =
    chosen || choices.length === 0 ? [] : [{ field: choiceId(choices[0]!), text: t('checkout.methodRequired') }];
  // The button says what it charges (issue 29): the package's price with the discount, in the payer's currency.
  const charged = formatMoney(iso, pkg.discounted_amount, answer.currency);

  const pay = () => {
    if (!chosen) return;
    payment.mutate({
      package_id: pkg.id,
      method: chosen,
      country: answer.payment_country,
      ...(choice.code ? { discount_code: choice.code } : {}),
    });
  };

  return (
    <>
      <section className="card mb-4" aria-labelledby="checkout-order-title" id="checkout-order">
        <div className="card-body">
          <h2 className="h5 card-title" id="checkout-order-title">
            {t('checkout.order')}
          </h2>
          <p className="h4 mb-1" id="checkout-credits">
            {t('common.credits', { count: pkg.credits })}
          </p>
          <PackagePrice
            pkg={pkg}
            currency={answer.currency}
            messageCredits={answer.message_credits}
            discount={answer.discount}
            idPrefix="checkout"
          />
          <p className="small text-body-secondary mt-2 mb-0" id="checkout-country">
            {t('packages.country')}: {countryName(iso, answer.payment_country)}
          </p>
          <Link to={routePath('credits') + choiceSearch(choice)} className="btn btn-link px-0" id="checkout-other-package">
            {t('checkout.otherPackage')}
          </Link>
        </div>
      </section>
      <DiscountNote discount={answer.discount} currency={answer.currency} id="checkout-discount" />
      {answer.card_blocked && (
        <p className="alert alert-warning" id="checkout-card-blocked">
          {t('packages.cardBlocked')}
        </p>
      )}
      <MethodChoice choices={choices} chosen={chosen} onChoose={choose} invalid={tried && !chosen} />
      <FictionalDisclosure />
      {chosen === 'sdd' ? (
        <div id="checkout-direct-debit">
          <p>{t('checkout.directDebit')}</p>
          <Link to={directDebitLink(pkg.id, choice)} className="btn btn-primary btn-lg w-100" id="checkout-continue-sdd">
            {t('checkout.continueDirectDebit')}
          </Link>
        </div>
      ) : (
        methods.length > 0 && (
          <PayForm
            idPrefix="checkout"
            missing={methodStep}
            tried={tried}
            onTried={() => setTried(true)}
            onPay={pay}
            busy={payment.isPending || payment.isSuccess}
            error={payment.error}
            amount={charged}
          />
        )
      )}
    </>
  );
}

/**
 * One choice per way of paying (issue 29): "Credit card" and the card brands are one "Card" choice
 * showing the brands' logos, sending creditcard when the site offers it for the country, else its
 * first card brand; Apple Pay (a wallet) and the other methods stay choices of their own.
 */
interface MethodOption {
  /** What is sent when this choice is made. */
  method: TPaymentMethod;
  /** Every method this choice stands for (a brand in the address still checks the card choice). */
  covers: TPaymentMethod[];
  /** The brands whose logos the card choice shows. */
  brands: TPaymentMethod[];
}

function methodChoices(methods: TPaymentMethod[]): MethodOption[] {
  const cards = methods.filter((m) => ONE_CARD_CHOICE.includes(m));
  const card: MethodOption | null =
    cards.length === 0
      ? null
      : {
          method: cards.includes('creditcard') ? 'creditcard' : cards[0]!,
          covers: cards,
          // A site that takes "credit card" takes the big two whatever brands it lists.
          brands: CARD_BRANDS.filter(
            (brand) => cards.includes(brand) || (cards.includes('creditcard') && (brand === 'visa' || brand === 'mastercard')),
          ),
        };
  const options: MethodOption[] = [];
  for (const method of methods) {
    if (ONE_CARD_CHOICE.includes(method)) {
      if (card && !options.includes(card)) options.push(card);
    } else options.push({ method, covers: [method], brands: [] });
  }
  return options;
}

const choiceId = (option: MethodOption) =>
  option.brands.length > 0 || option.covers.length > 1 ? 'method-card' : `method-${option.method}`;

/** The methods as radio buttons (arrow keys move between them); choosing one writes it into the address. */
function MethodChoice({
  choices,
  chosen,
  onChoose,
  invalid,
}: {
  choices: MethodOption[];
  chosen: TPaymentMethod | undefined;
  onChoose: (method: TPaymentMethod) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation(SHOP_NS);
  if (choices.length === 0) {
    return (
      <p className="alert alert-warning" id="checkout-no-methods">
        {t('checkout.noMethods')}
      </p>
    );
  }
  const firstId = choiceId(choices[0]!);
  return (
    <fieldset className="mb-4" id="checkout-methods" aria-describedby={invalid ? missingId(firstId) : undefined}>
      <legend className="h5">{t('checkout.methods')}</legend>
      <div className="list-group shop-methods">
        {choices.map((option, index) => {
          const id = choiceId(option);
          const isCard = id === 'method-card';
          return (
            <label key={id} className="list-group-item d-flex flex-wrap align-items-center gap-2 shop-method" htmlFor={id}>
              <input
                className="form-check-input m-0"
                type="radio"
                name="method"
                id={id}
                value={option.method}
                checked={chosen !== undefined && option.covers.includes(chosen)}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid && index === 0 ? missingId(firstId) : undefined}
                onChange={() => onChoose(option.method)}
              />
              <span className="me-auto">
                {isCard ? t('methods.card') : t(`methods.${option.method}`)}
                {isCard && option.brands.length > 0 && (
                  <span className="visually-hidden"> ({option.brands.map(brandName).join(', ')})</span>
                )}
              </span>
              {isCard && <CardBrandLogos brands={option.brands} />}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
