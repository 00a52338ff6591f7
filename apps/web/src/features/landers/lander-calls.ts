/**
 * What a lander shows of the site's members: the logged-out search (GET /api/search.php) and a
 * featured profile (GET /api/member.php), both only where spec section 4 lets a visitor see
 * members (logged_out_search, or its traffic-source setting with a known source): otherwise the
 * server would refuse them, and the lander shows no member at all.
 */
import { useQuery } from '@tanstack/react-query';
import { isLoggedOutSearchVisible } from '@cupido/shared/rules/site-shell';
import type { TMemberAnswer, TProfileCard, TSearchAnswer } from '@cupido/shared/contracts/profiles';
import { apiGet, type ApiError } from '../../api/client';
import { memberQueryKey } from '../profiles/profile-calls';
import { useSession } from '../session/use-session';
import { useSettings } from '../site/use-settings';
import { searchTrackingQuery } from '../tracking/tracking';

/** True when this visitor may see members (the same rule as the search route's guard). */
export function useMembersVisible(): boolean {
  const settings = useSettings();
  const { loggedIn } = useSession();
  return isLoggedOutSearchVisible({
    loggedIn,
    loggedOutSearch: settings.logged_out_search,
    loggedOutSearchTrafficSource: settings.logged_out_search_trafficsource,
    hasTrafficSource: Object.keys(searchTrackingQuery()).length > 0,
  });
}

/** The first page of members (of `country` when given), or [] where members are not shown. */
export function useLanderMembers(country?: string | null): { visible: boolean; profiles: TProfileCard[]; loading: boolean } {
  const visible = useMembersVisible();
  const query = { ...searchTrackingQuery(), ...(country ? { country } : {}) };
  const search = useQuery<TSearchAnswer, ApiError>({
    queryKey: ['search', query],
    queryFn: () => apiGet<TSearchAnswer>('/api/search.php', query),
    enabled: visible,
    staleTime: 60_000,
  });
  const profiles = search.data ? [...search.data.profiles, ...search.data.similar] : [];
  return { visible, profiles, loading: visible && search.isPending };
}

/** The slug's profile as a card, or null (no slug, members not shown, no such profile: the lander shows without it). */
export function useFeaturedProfile(id: number | null): TProfileCard | null {
  const visible = useMembersVisible();
  const member = useQuery<TMemberAnswer, ApiError>({
    queryKey: memberQueryKey(String(id)),
    queryFn: () => apiGet<TMemberAnswer>('/api/member.php', { ...searchTrackingQuery(), id: String(id) }),
    enabled: visible && id !== null,
    retry: false,
  });
  const profile = member.data?.profile;
  if (!profile || profile.is_own) return null;
  return {
    id: profile.id,
    name: profile.name,
    age: profile.age,
    city: profile.city,
    country: profile.country,
    main_image: profile.main_image,
    is_fictional: profile.is_fictional,
    ...(profile.fictional ? { fictional_icon: profile.fictional.icon } : {}),
    ...(profile.distance_km !== undefined ? { distance_km: profile.distance_km } : {}),
    ...(profile.activity !== undefined ? { activity: profile.activity } : {}),
  };
}
