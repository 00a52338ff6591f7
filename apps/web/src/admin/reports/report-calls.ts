/** The report, appeal and complaint queues' calls (issues 13 and 31) for react-query. */
import type { TComplaintAnsweredRequest, TComplaintQueue, TComplaintStatus } from '@cupido/shared/contracts/complaints';
import type {
  TAppealDecisionRequest,
  TAppealQueue,
  TReportDecisionAnswer,
  TReportDecisionRequest,
  TReportQueue,
} from '@cupido/shared/contracts/moderation';
import { adminFetch } from '../api';

export const REPORT_QUEUE_KEY = ['admin', 'reports', 'queue'] as const;
export const APPEAL_QUEUE_KEY = ['admin', 'appeals', 'queue'] as const;
export const COMPLAINT_QUEUE_KEY = ['admin', 'complaints', 'queue'] as const;

export const fetchReportQueue = (siteId: number | undefined) => adminFetch<TReportQueue>('/reports', { query: { site_id: siteId } });
export const decideReport = (reportId: number, body: TReportDecisionRequest) =>
  adminFetch<TReportDecisionAnswer>(`/reports/${reportId}/decision`, { method: 'POST', body });
export const fetchAppealQueue = (siteId: number | undefined) => adminFetch<TAppealQueue>('/appeals', { query: { site_id: siteId } });
export const decideAppeal = (appealId: number, body: TAppealDecisionRequest) =>
  adminFetch<{ appeal_id: number; status: string }>(`/appeals/${appealId}/decision`, { method: 'POST', body });
export const fetchComplaintQueue = (siteId: number | undefined) =>
  adminFetch<TComplaintQueue>('/complaints', { query: { site_id: siteId } });
export const markComplaintAnswered = (complaintId: number, body: TComplaintAnsweredRequest) =>
  adminFetch<{ id: number; status: Extract<TComplaintStatus, 'answered'> }>(`/complaints/${complaintId}/answered`, {
    method: 'POST',
    body,
  });
