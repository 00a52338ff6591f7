/** The logged-in staff member (GET /admin/api/me), shared by the layout and every screen. */
import { useQuery } from '@tanstack/react-query';
import type { TStaffMe, TStaffPermission } from '@cupido/shared/contracts/staff';
import { adminFetch } from './api';

export const STAFF_ME_KEY = ['admin', 'me'] as const;

export function useStaffMe() {
  return useQuery({ queryKey: STAFF_ME_KEY, queryFn: () => adminFetch<TStaffMe>('/me'), staleTime: 60_000 });
}

export function useStaffMay(permission: TStaffPermission): boolean {
  return useStaffMe().data?.staff?.permissions.includes(permission) ?? false;
}
