/**
 * The member's moderation calls (issue 13): their decisions and appeals, logged in, or through the
 * signed link of a statement's e-mail (no login: a suspended member cannot log in).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAppealAnswer, TDecisionLinkAnswer, TMemberDecisions } from '@cupido/shared/contracts/moderation';
import { apiGet, apiPost, type ApiError } from '../../api/client';

const DECISIONS_KEY = ['moderation', 'decisions'] as const;
const linkKey = (token: string) => ['moderation', 'decision-link', token] as const;

export const useMyDecisions = () =>
  useQuery<TMemberDecisions, ApiError>({ queryKey: DECISIONS_KEY, queryFn: () => apiGet<TMemberDecisions>('/api/decisions.php') });

export function useAppeal() {
  const queryClient = useQueryClient();
  return useMutation<TAppealAnswer, ApiError, { decision_id: number; text: string }>({
    mutationFn: (body) => apiPost<TAppealAnswer>('/api/appeal.php', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DECISIONS_KEY }),
  });
}

export const useDecisionLink = (token: string) =>
  useQuery<TDecisionLinkAnswer, ApiError>({
    queryKey: linkKey(token),
    queryFn: () => apiGet<TDecisionLinkAnswer>('/api/decision-link.php', { token }),
    retry: false,
  });

export function useLinkAppeal(token: string) {
  const queryClient = useQueryClient();
  return useMutation<TAppealAnswer, ApiError, { text: string }>({
    mutationFn: ({ text }) => apiPost<TAppealAnswer>('/api/decision-link.php', { token, text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkKey(token) }),
  });
}
