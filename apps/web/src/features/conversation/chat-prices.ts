/**
 * What the chat's paid actions cost in money (issue 29, trust.md: one price, never two that
 * disagree). The packages are the one source: GET /api/credit-packages.php answers the member's
 * currency and each package's price per message; the chat shows the best of them ("from £0.35 per
 * message") and values a photo or a gift at the same package's price per credit.
 */
import { useQuery } from '@tanstack/react-query';
import type { TPackagesAnswer } from '@cupido/shared/payments';
import { apiGet } from '../../api/client';
import { useLocale } from '../locale/use-locale';
import { useSession } from '../session/use-session';
import { formatMoney } from './message-list-state';

/** The shop's cache entry for the default packages (shop-calls' key with no country or code): one call for both screens. */
const packagesKey = (userId: number) => ['credit-packages', userId, '', ''] as const;

/** The package with the lowest price per message (the best value), or null when none has a price. */
export function bestValuePackage(answer: Pick<TPackagesAnswer, 'packages'>): TPackagesAnswer['packages'][number] | null {
  let best: TPackagesAnswer['packages'][number] | null = null;
  for (const pkg of answer.packages) {
    if (pkg.price_per_message === null || pkg.credits <= 0) continue;
    if (!best || pkg.price_per_message < best.price_per_message!) best = pkg;
  }
  return best;
}

/**
 * The money a number of credits stands for at the best package, in minor units, rounded up to the
 * cent as the price per message is (payments' pricePerMessage); null without a priced package.
 */
export function creditsMoney(credits: number, answer: Pick<TPackagesAnswer, 'packages' | 'message_credits'>): number | null {
  const best = bestValuePackage(answer);
  if (!best) return null;
  // A message's credits are the package's own price per message: the very number the shop shows.
  if (credits === answer.message_credits && best.price_per_message !== null) return best.price_per_message;
  return Math.ceil((best.amount * credits) / best.credits);
}

export interface ChatMoney {
  /** The best package's price of one message, formatted ('£0.35'), or null while unknown. */
  perMessage: string | null;
  /** Any number of credits as money at the same rate, formatted, or null while unknown. */
  ofCredits: (credits: number) => string | null;
}

/** The chat's money prices in the member's currency and language; nulls until the packages are there (or when they fail). */
export function useChatMoney(): ChatMoney {
  const { user } = useSession();
  const { locale } = useLocale();
  const packages = useQuery({
    queryKey: packagesKey(user?.id ?? 0),
    queryFn: () => apiGet<TPackagesAnswer>('/api/credit-packages.php'),
    enabled: !!user,
    staleTime: 5 * 60_000,
  });
  const answer = packages.data;
  const ofCredits = (credits: number) => {
    if (!answer) return null;
    const minor = creditsMoney(credits, answer);
    return minor === null ? null : formatMoney(minor, answer.currency, locale);
  };
  const best = answer ? bestValuePackage(answer) : null;
  return {
    perMessage: answer && best?.price_per_message != null ? formatMoney(best.price_per_message, answer.currency, locale) : null,
    ofCredits,
  };
}
