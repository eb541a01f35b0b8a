import 'server-only';
import { asOfQuerySchema, asOfViewSchema } from '@/lib/schemas/as-of';
import { z } from '@/lib/schemas/zod';
import { userBulkSchema } from '@/lib/schemas/user';
import { bulkOperation } from '../bulk-operation';
import { idParamsSchema } from '@/lib/schemas/common';
import {
  userExportQuerySchema,
  userInviteSchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
  userUpdateResultSchema,
  userUpdateSchema,
} from '@/lib/schemas/user';
import { approvalRefSchema, approvalRequestInputSchema } from '@/lib/schemas/account';
import { accessLogPageSchema, accessLogQuerySchema } from '@/lib/schemas/access-log';
import { CSV_EXPORT, XLSX_EXPORT, PERSONAL_DATA_EXPORT, defineOperation } from '../operation';

const tag = 'Users';

export const list = defineOperation({
  method: 'GET',
  path: '/users',
  summary:
    'Users in reach (admin, back office: all; a distributor: the managers of their accounts; a manager: those of their account tree), filtered by role, status, accountId and q (name or e-mail), sorted and paged',
  tag,
  access: 'users.read',
  query: userListQuerySchema,
  response: userListSchema,
});

export const invite = defineOperation({
  method: 'POST',
  path: '/users',
  summary:
    'Invite a user (status invited) and mail the activation link. Admin or back office: created with that role but without a link, and a pending role_grant approval is filed; the mail follows its approval',
  tag,
  access: 'users.write',
  body: userInviteSchema,
  response: userSchema,
  etag: (user) => user.version,
  location: (user) => `/users/${user.id}`,
  successStatus: 201,
  errors: [404],
});

export const get = defineOperation({
  method: 'GET',
  path: '/users/[id]',
  summary:
    'One user with the account name and pending role grants; ETag = version; with asOf the record as of that moment, rebuilt from the history (AsOfView: fields changed since, whether its entries verify; 422 before it existed)',
  tag,
  access: 'users.read',
  params: idParamsSchema,
  query: asOfQuerySchema,
  response: z.union([userSchema, asOfViewSchema]),
  etag: (answer) => ('version' in answer ? answer.version : undefined),
  errors: [404, 422],
});

export const update = defineOperation({
  method: 'PATCH',
  path: '/users/[id]',
  summary:
    'Change name, phone, language, role, account; needs If-Match (or version). A move to admin or back office becomes a pending role_grant approval instead (answered as `approval`); an applied role or account change ends the user’s sessions',
  tag,
  access: 'users.write',
  params: idParamsSchema,
  body: userUpdateSchema,
  response: userUpdateResultSchema,
  etag: (result) => result.user.version,
  ifMatch: 'required',
  errors: [404, 409, 428],
});

export const lock = defineOperation({
  method: 'POST',
  path: '/users/[id]/lock',
  summary: 'Active or invited → locked; ends all their sessions at once (not oneself)',
  tag,
  access: 'users.write',
  params: idParamsSchema,
  response: userSchema,
  etag: (user) => user.version,
  errors: [404],
});

export const unlock = defineOperation({
  method: 'POST',
  path: '/users/[id]/unlock',
  summary: 'Locked → active, or → invited for a user who never set a password',
  tag,
  access: 'users.write',
  params: idParamsSchema,
  response: userSchema,
  etag: (user) => user.version,
  errors: [404],
});

export const deactivate = defineOperation({
  method: 'POST',
  path: '/users/[id]/deactivate',
  summary: 'Any status → deactivated (final); ends all their sessions at once (not oneself)',
  tag,
  access: 'users.write',
  params: idParamsSchema,
  response: userSchema,
  etag: (user) => user.version,
  errors: [404],
});

export const resendInvitation = defineOperation({
  method: 'POST',
  path: '/users/[id]/resend-invitation',
  summary: 'A new activation link for an invited user (earlier links stop working); not while a role grant is pending',
  tag,
  access: 'users.write',
  params: idParamsSchema,
  response: userSchema,
  etag: (user) => user.version,
  // 429: the last resend to this address was too recent (Retry-After).
  errors: [404, 429],
});

export const requestErasure = defineOperation({
  method: 'POST',
  path: '/users/[id]/erasure',
  summary:
    'GDPR Art. 17: request erasing the user (admin or back office within reach; never oneself; back office not an administrator). Files a pending user_erasure approval; someone else, and never the person, approves it. Approved: name, e-mail and phone become a pseudonym ("Gelöschte Person 7F3A") everywhere, sessions end, no sign-in',
  tag,
  access: 'users.write',
  params: idParamsSchema,
  body: approvalRequestInputSchema,
  response: approvalRefSchema,
  location: (approval) => `/approvals/${approval.id}`,
  successStatus: 201,
  errors: [404, 409],
});

export const dataExport = defineOperation({
  method: 'GET',
  path: '/users/[id]/data-export',
  summary:
    'GDPR Art. 15/20: everything stored about the user as one JSON document, streamed (admin and back office, within reach). Field labels in German and English: README "Personal data"',
  tag,
  access: 'users.read',
  params: idParamsSchema,
  file: PERSONAL_DATA_EXPORT,
  errors: [404],
});

export const accessLog = defineOperation({
  method: 'GET',
  path: '/users/[id]/access-log',
  summary:
    'Who looked at whose personal data (issue 51), newest first: `as=subject` (default) who viewed the user’s record, a page of users holding them or an export with their data; `as=actor` whose data the user viewed. Administrators only (not API keys); the person sees who viewed them in their data export. Kept ACCESS_LOG_RETENTION_MONTHS (default 12)',
  tag,
  access: 'users.read',
  params: idParamsSchema,
  query: accessLogQuerySchema,
  response: accessLogPageSchema,
  errors: [404],
});

export const exportCsv = defineOperation({
  method: 'GET',
  path: '/export/users.csv',
  summary:
    'The user list as CSV for German Excel (UTF-8 with BOM, `;`, TT.MM.JJJJ), streamed: same filters and sort as GET /users, no paging, only users in reach',
  tag: 'Export',
  access: 'users.read',
  file: CSV_EXPORT,
  query: userExportQuerySchema,
});

export const exportXlsx = defineOperation({
  method: 'GET',
  path: '/export/users.xlsx',
  summary:
    'The user list as an Excel workbook (XLSX, one sheet), streamed: the same rows, filters, sort and reach as the CSV; typed cells (dates as dates, numbers as numbers), a frozen bold header with an auto filter, text formula-safe as in the CSV',
  tag: 'Export',
  access: 'users.read',
  file: XLSX_EXPORT,
  query: userExportQuerySchema,
});

export const bulk = bulkOperation({
  path: '/users/bulk',
  tag,
  access: 'users.write',
  body: userBulkSchema,
  actions:
    'Deactivate users, or resend their invitations (at most one a minute and five a day per address: a throttled row answers conflict)',
});
