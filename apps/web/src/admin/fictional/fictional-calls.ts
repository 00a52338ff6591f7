/** The fictional profiles' calls (issue 13) and their query keys; the photo upload is multipart, so it has a fetch of its own. */
import { useQuery } from '@tanstack/react-query';
import type { TFictionalProfile, TFictionalSites } from '@cupido/shared/contracts/fictional-profiles';
import { adminFetch, adminUrl, AdminApiError } from '../api';

export const FICTIONAL_KEY = ['admin', 'fictional'] as const;

export function useFictionalSites() {
  return useQuery({
    queryKey: [...FICTIONAL_KEY, 'sites'],
    queryFn: () => adminFetch<TFictionalSites>('/fictional-profiles/sites'),
    staleTime: 60_000,
  });
}

export function useFictionalProfile(id: number | null) {
  return useQuery({
    queryKey: [...FICTIONAL_KEY, 'profile', id],
    queryFn: () => adminFetch<TFictionalProfile>(`/fictional-profiles/${id}`),
    enabled: id !== null,
  });
}

/** POST the file as multipart/form-data (field "photo"), as the members' upload does. */
export async function uploadFictionalPhoto(profileId: number, file: File): Promise<TFictionalProfile> {
  const body = new FormData();
  body.append('photo', file);
  const response = await fetch(adminUrl(`/fictional-profiles/${profileId}/photos`), {
    method: 'POST',
    credentials: 'same-origin',
    body,
    headers: { accept: 'application/json' },
  });
  const answer = (await response.json().catch(() => ({}))) as TFictionalProfile & {
    error?: { code?: string; message?: string; field?: string };
  };
  if (!response.ok) {
    throw new AdminApiError(
      response.status,
      answer.error?.code ?? 'http_error',
      answer.error?.message ?? `The server answered ${response.status}.`,
      answer.error?.field,
    );
  }
  return answer;
}

/** An option id as English words: 'in_relationship' -> 'In relationship'. */
export const optionLabel = (id: string) => (id.charAt(0).toUpperCase() + id.slice(1)).replace(/_/g, ' ');
