import { useMutation } from '@tanstack/react-query';
import type { TComplaintAnswer, TComplaintRequest } from '@cupido/shared/contracts/complaints';
import { request, type ApiError } from '../../api/client';

/**
 * POST /api/complaint.php: files the complaint and answers its reference number and the server's
 * acknowledgement in the member's language. A refusal is an ApiError naming its field (text, name,
 * email) or none (too_many_complaints).
 */
export function useFileComplaint() {
  return useMutation<TComplaintAnswer, ApiError, TComplaintRequest>({
    mutationFn: (body) => request<TComplaintAnswer>('/api/complaint.php', { method: 'POST', body }),
  });
}
