/**
 * The back office's screens under /admin. Each screen is its own chunk (react-router `lazy`,
 * the module exports `Component`), and `handle.permission` names what the role needs: the
 * layout shows a notice instead of a screen the role may not use (the server refuses its calls
 * anyway).
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { TStaffPermission } from '@cupido/shared/contracts/staff';
import { AdminLayout } from './layout';
import { AdminNotFound } from './not-found';

const screen = (path: string, permission: TStaffPermission, lazy: NonNullable<RouteObject['lazy']>): RouteObject => ({
  path,
  lazy,
  handle: { permission },
});

export const ADMIN_ROUTES: RouteObject[] = [
  { path: '/admin/login', lazy: () => import('./staff/login-screen') },
  {
    path: '/admin',
    element: <AdminLayout />,
    children: [
      { index: true, lazy: () => import('./dashboard/dashboard-screen'), handle: { permission: 'dashboard.view' } },
      screen('traffic', 'dashboard.view', () => import('./traffic/traffic-screen')),
      screen('photos', 'photos.moderate', () => import('./photos/photo-queue-screen')),
      screen('reports', 'reports.decide', () => import('./reports/report-queue-screen')),
      screen('appeals', 'appeals.decide', () => import('./reports/appeals-screen')),
      screen('members', 'members.view', () => import('./members/member-search-screen')),
      screen('members/:id', 'members.view', () => import('./members/member-screen')),
      screen('sites', 'sites.edit', () => import('./sites/site-list-screen')),
      screen('sites/:id', 'sites.edit', () => import('./sites/site-edit-screen')),
      screen('postbacks', 'sites.edit', () => import('./postbacks/postbacks-screen')),
      screen('operator', 'conversations.answer', () => import('./operator/operator-queue-screen')),
      screen('operator/:id', 'conversations.answer', () => import('./operator/operator-answer-screen')),
      screen('fictional', 'fictional.manage', () => import('./fictional/fictional-list-screen')),
      screen('fictional/:id', 'fictional.manage', () => import('./fictional/fictional-edit-screen')),
      screen('payments', 'payments.manage', () => import('./payments/payments-list-screen')),
      screen('payments/:id', 'payments.manage', () => import('./payments/payment-screen')),
      screen('revenue', 'payments.manage', () => import('./payments/revenue-screen')),
      screen('campaigns', 'campaigns.send', () => import('./campaigns/campaign-list-screen')),
      screen('campaigns/:id', 'campaigns.send', () => import('./campaigns/campaign-edit-screen')),
      screen('audit', 'audit.view', () => import('./audit/audit-log-screen')),
      screen('staff', 'staff.manage', () => import('./staff/staff-list-screen')),
      { path: '*', element: <AdminNotFound /> },
    ],
  },
];

export const createAdminRouter = () => createBrowserRouter(ADMIN_ROUTES);
