/** The back office's screens, in the order of the navigation; each shown only to roles with its permission. */
import type { TStaffPermission } from '@cupido/shared/contracts/staff';

export interface AdminNavItem {
  to: string;
  /** Key in the `common` namespace. */
  label: string;
  permission: TStaffPermission;
}

export const ADMIN_NAV: AdminNavItem[] = [
  { to: '/admin', label: 'nav.dashboard', permission: 'dashboard.view' },
  { to: '/admin/traffic', label: 'nav.traffic', permission: 'dashboard.view' },
  { to: '/admin/photos', label: 'nav.photos', permission: 'photos.moderate' },
  { to: '/admin/reports', label: 'nav.reports', permission: 'reports.decide' },
  { to: '/admin/appeals', label: 'nav.appeals', permission: 'appeals.decide' },
  { to: '/admin/members', label: 'nav.members', permission: 'members.view' },
  { to: '/admin/sites', label: 'nav.sites', permission: 'sites.edit' },
  { to: '/admin/postbacks', label: 'nav.postbacks', permission: 'sites.edit' },
  { to: '/admin/operator', label: 'nav.operator', permission: 'conversations.answer' },
  { to: '/admin/fictional', label: 'nav.fictional', permission: 'fictional.manage' },
  { to: '/admin/payments', label: 'nav.payments', permission: 'payments.manage' },
  { to: '/admin/revenue', label: 'nav.revenue', permission: 'payments.manage' },
  { to: '/admin/campaigns', label: 'nav.campaigns', permission: 'campaigns.send' },
  { to: '/admin/audit', label: 'nav.audit', permission: 'audit.view' },
  { to: '/admin/staff', label: 'nav.staff', permission: 'staff.manage' },
];
