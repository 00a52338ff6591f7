/**
 * What the chat's paid actions cost in money (issue 29, trust.md: one price, never two that
 * disagree). The packages are the one source: GET /api/credit-packages.php answers the member's
 * currency and each package's price per message; the chat shows the best of them ("from £0.35 per
 * message") and values a photo or a gift at the same package's price per credit.
 *
 * A leaf feature of its own: the chat and the match dialog (likes) both show these prices, and
 * likes sits below the conversation, so neither may hold it (no import circle between features).
 */
import { useQuery } from '@tanstack/react-query';
import type { TPackagesAnswer } from '@cupido/shared/contracts/payments';
import { apiGet } from '../../api/client';
import { useLocale } from '../locale/use-locale';
import { useSession } from '../session/use-session';
import { LOCALES } from '@cupido/shared/rules/locales';
import { bestPackage, bestPricePerMessage, formatMoney, priceOfCredits } from '@cupido/shared/rules/prices';

const isoOf = (locale: string) => LOCALES.find((l) => l.code === locale)?.iso ?? locale;

/** The shop's cache entry for the default packages (shop-calls' key with no country or code): one call for both screens. */
const packagesKey = (userId: number) => ['credit-packages', userId, '', ''] as const;

/**
 * The packages at what the member pays now (the active discount applied), so the chat's "from
 * £0.75 per message" is the shop's own figure for the same package (issue 29: prices that agree).
 */
const payable = (answer: Pick<TPackagesAnswer, 'packages'>) =>
  answer.packages.map((pkg) => ({ credits: pkg.credits, amount: pkg.discounted_amount }));

/** The money a number of credits stands for at the best package, minor units (rules/prices' priceOfCredits); null without one. */
export function creditsMoney(credits: number, answer: Pick<TPackagesAnswer, 'packages'>): number | null {
  const best = bestPackage(payable(answer));
  return best ? priceOfCredits(best, credits) : null;
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
    return minor === null ? null : formatMoney(isoOf(locale), minor, answer.currency);
  };
  const perMessage = answer ? bestPricePerMessage(payable(answer), answer.message_credits) : null;
  return {
    perMessage: answer && perMessage !== null ? formatMoney(isoOf(locale), perMessage, answer.currency) : null,
    ofCredits,
  };
}
