import 'server-only';

/**
 * Every route file under app/api/v1, by its path pattern: the table the in-process transport
 * dispatches with (lib/server/http/dispatch.ts). Loaded lazily, so a page pulls in only the
 * handlers it calls. route-modules.test.ts fails when a route file is missing here.
 */
export const routeModules: Record<string, () => Promise<unknown>> = {
  '/[[...path]]': () => import('@/app/api/v1/[[...path]]/route'),
  '/accounts/[id]/activation': () => import('@/app/api/v1/accounts/[id]/activation/route'),
  '/accounts/[id]/archive': () => import('@/app/api/v1/accounts/[id]/archive/route'),
  '/accounts/[id]/children': () => import('@/app/api/v1/accounts/[id]/children/route'),
  '/accounts/[id]/resume': () => import('@/app/api/v1/accounts/[id]/resume/route'),
  '/accounts/[id]': () => import('@/app/api/v1/accounts/[id]/route'),
  '/accounts/[id]/suspend': () => import('@/app/api/v1/accounts/[id]/suspend/route'),
  '/accounts/distributors': () => import('@/app/api/v1/accounts/distributors/route'),
  '/accounts': () => import('@/app/api/v1/accounts/route'),
  '/approvals/[id]/approve': () => import('@/app/api/v1/approvals/[id]/approve/route'),
  '/approvals/[id]/reject': () => import('@/app/api/v1/approvals/[id]/reject/route'),
  '/approvals/[id]/withdraw': () => import('@/app/api/v1/approvals/[id]/withdraw/route'),
  '/approvals/[id]': () => import('@/app/api/v1/approvals/[id]/route'),
  '/approvals': () => import('@/app/api/v1/approvals/route'),
  '/changes/[id]': () => import('@/app/api/v1/changes/[id]/route'),
  '/changes': () => import('@/app/api/v1/changes/route'),
  '/auth/activate': () => import('@/app/api/v1/auth/activate/route'),
  '/auth/confirm-email': () => import('@/app/api/v1/auth/confirm-email/route'),
  '/auth/login': () => import('@/app/api/v1/auth/login/route'),
  '/auth/logout': () => import('@/app/api/v1/auth/logout/route'),
  '/auth/me': () => import('@/app/api/v1/auth/me/route'),
  '/auth/password/forgot': () => import('@/app/api/v1/auth/password/forgot/route'),
  '/auth/password/reset': () => import('@/app/api/v1/auth/password/reset/route'),
  '/auth/refresh': () => import('@/app/api/v1/auth/refresh/route'),
  '/export/[resource]': () => import('@/app/api/v1/export/[resource]/route'),
  '/health/ready': () => import('@/app/api/v1/health/ready/route'),
  '/health': () => import('@/app/api/v1/health/route'),
  '/mail/outbox': () => import('@/app/api/v1/mail/outbox/route'),
  '/openapi.json': () => import('@/app/api/v1/openapi.json/route'),
  '/profile/email': () => import('@/app/api/v1/profile/email/route'),
  '/profile/password': () => import('@/app/api/v1/profile/password/route'),
  '/profile': () => import('@/app/api/v1/profile/route'),
  '/profile/sessions/[id]': () => import('@/app/api/v1/profile/sessions/[id]/route'),
  '/profile/sessions': () => import('@/app/api/v1/profile/sessions/route'),
  '/users/[id]/deactivate': () => import('@/app/api/v1/users/[id]/deactivate/route'),
  '/users/[id]/lock': () => import('@/app/api/v1/users/[id]/lock/route'),
  '/users/[id]/resend-invitation': () => import('@/app/api/v1/users/[id]/resend-invitation/route'),
  '/users/[id]': () => import('@/app/api/v1/users/[id]/route'),
  '/users/[id]/unlock': () => import('@/app/api/v1/users/[id]/unlock/route'),
  '/users': () => import('@/app/api/v1/users/route'),
};
