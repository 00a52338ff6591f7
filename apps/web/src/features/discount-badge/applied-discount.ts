import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TIME_BONUS_SECONDS } from '@cupido/shared/rules/welcome-offer';
import { fetchWelcomeDiscount, secondsLeft } from '../time-bonus/time-bonus-clock';
import { useSession } from '../session/use-session';

/**
 * The time bonus's query key (time-bonus.tsx TIME_BONUS_QUERY_KEY, repeated so this module does not
 * pull the banner's chunk in; applied-discount.test.tsx checks the two agree): the badge reads the
 * very answer the banner counts down from, so a new member's page asks for it once.
 */
export const WELCOME_DISCOUNT_QUERY_KEY = ['time-bonus'] as const;

/**
 * The discount that applies to the member now, in percent, or null (spec sections 4 and 9): the
 * welcome discount while its time bonus runs (non-paying members, 4 hours from activation, never
 * past the code's expiry). A failed call is ignored: no badge (spec section 8).
 */
export function useAppliedDiscount(): number | null {
  const { user } = useSession();
  // Read once per page view: the badge does not tick (the banner does), it only says what applies.
  const [now] = useState(() => Date.now());
  // Past the offer's 4 hours nothing can apply: no call.
  const eligible =
    !!user && !user.paid_user && user.activated_at !== null && Date.parse(user.activated_at) > now - TIME_BONUS_SECONDS * 1000;
  const welcome = useQuery({
    queryKey: [...WELCOME_DISCOUNT_QUERY_KEY, user?.id ?? 0],
    queryFn: fetchWelcomeDiscount,
    staleTime: Infinity,
    retry: false,
    enabled: eligible,
  });
  if (!eligible || !user || !welcome.data) return null;
  return secondsLeft(welcome.data, user.activated_at, now) > 0 ? welcome.data.value_percentage : null;
}
