import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { TCompanyInfo } from '@cupido/shared/contracts/contracts';
import { apiGet, type ApiError } from '../../api/client';

export const COMPANY_INFO_QUERY_KEY = ['companyinfo'] as const;

/** The operating company (name, address...), fetched once per visit and cached. */
export function useCompanyInfo(): UseQueryResult<TCompanyInfo, ApiError> {
  return useQuery<TCompanyInfo, ApiError>({
    queryKey: COMPANY_INFO_QUERY_KEY,
    queryFn: () => apiGet<TCompanyInfo>('/api/companyinfo.php'),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false, // the client already retries
  });
}
