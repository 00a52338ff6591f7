/**
 * The profile, reference-data, geocode, search, profile-page and block calls of the web app, one
 * hook each. Types come from the shared contracts (`import type` only: no zod in these chunks).
 * Errors are ApiErrors with the server's translated message and field.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInterests, TRegions } from '@cupido/shared/contracts/contracts';
import type { LocaleCode } from '@cupido/shared/rules/locales';
import type {
  TBlockAnswer,
  TGeocodeAnswer,
  TMemberAnswer,
  TOwnProfile,
  TProfileUpdate,
  TSearchAnswer,
} from '@cupido/shared/contracts/profiles';
import { apiGet, request, type ApiError } from '../../api/client';
import { writeSavedAnswer } from '../session/saved-answer';
import { SESSION_QUERY_KEY } from '../session/use-session';

export const OWN_PROFILE_QUERY_KEY = ['own-profile'] as const;
/** The last reverse-geocoding result: the place, or false when locating or geocoding failed (spec section 7). */
export const GEOCODE_QUERY_KEY = ['geocode'] as const;

export type CountryRegions = TRegions['countries'][number];
export type GeocodeResult = TGeocodeAnswer | false;

export function useOwnProfile(enabled = true) {
  return useQuery<TOwnProfile, ApiError>({
    queryKey: OWN_PROFILE_QUERY_KEY,
    queryFn: async () => (await apiGet<{ profile: TOwnProfile }>('/api/profile.php')).profile,
    enabled,
  });
}

/** PUT /api/profile.php, a partial update; the navigation shows name and photo, so the session reloads too. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation<TOwnProfile, ApiError, TProfileUpdate>({
    mutationFn: async (body) => (await request<{ profile: TOwnProfile }>('/api/profile.php', { method: 'PUT', body })).profile,
    onSuccess: async (profile) => {
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['search'] });
      await writeSavedAnswer(queryClient, OWN_PROFILE_QUERY_KEY, profile);
    },
  });
}

/** The ~50 interests, named and sorted in the member's language; fetched once per language (spec section 7). */
export function useInterests(locale: LocaleCode) {
  return useQuery<TInterests['interests'], ApiError>({
    queryKey: ['interests', locale],
    queryFn: async () => (await apiGet<TInterests>('/api/interests.php', { locale })).interests,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** A country's regions and what they are called there (province, state...); fetched once per country. */
export function useRegions(country: string | null | undefined) {
  return useQuery<CountryRegions | null, ApiError>({
    queryKey: ['regions', country],
    queryFn: async () => (await apiGet<TRegions>('/api/regions.php', { country: country! })).countries[0] ?? null,
    enabled: !!country,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export async function reverseGeocode(latitude: number, longitude: number): Promise<TGeocodeAnswer> {
  return apiGet<TGeocodeAnswer>('/api/geocode.php', { lat: latitude.toFixed(6), lon: longitude.toFixed(6) });
}

/** GET /api/search.php with the URL's filters; the last page stays on screen while the next one loads. */
export function useSearch(query: Record<string, string>, enabled = true) {
  return useQuery<TSearchAnswer, ApiError>({
    queryKey: ['search', query],
    queryFn: () => apiGet<TSearchAnswer>('/api/search.php', query),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const memberQueryKey = (id: string) => ['member', id] as const;

export function useMemberProfile(id: string, extraQuery: Record<string, string> = {}) {
  return useQuery<TMemberAnswer, ApiError>({
    queryKey: memberQueryKey(id),
    queryFn: () => apiGet<TMemberAnswer>('/api/member.php', { ...extraQuery, id }),
  });
}

/** POST (block) or DELETE (unblock) /api/block.php; the profile page and search follow at once. */
export function useBlockProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation<TBlockAnswer, ApiError, { profileId: number; block: boolean }>({
    mutationFn: ({ profileId, block }) =>
      request<TBlockAnswer>('/api/block.php', { method: block ? 'POST' : 'DELETE', body: { profile_id: profileId } }),
    onSuccess: async (answer) => {
      await writeSavedAnswer<TMemberAnswer>(queryClient, memberQueryKey(id), (current) =>
        current ? { ...current, profile: { ...current.profile, is_blocked_by_me: answer.is_blocked } } : current,
      );
      void queryClient.invalidateQueries({ queryKey: ['search'] });
    },
  });
}
