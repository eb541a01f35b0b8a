import 'server-only';
import {
  acceptedSchema,
  emailChangeSchema,
  passwordChangeSchema,
  profileSchema,
  profileUpdateSchema,
  sessionListSchema,
} from '@/lib/schemas/user';
import { idParamsSchema } from '@/lib/schemas/common';
import {
  HIDDEN_COLUMNS_MAX,
  SAVED_VIEWS_PER_LIST,
  listColumnsParamsSchema,
  listColumnsSchema,
  listColumnsUpdateSchema,
  savedViewCreateSchema,
  savedViewListQuerySchema,
  savedViewListSchema,
  savedViewSchema,
  savedViewUpdateSchema,
} from '@/lib/schemas/saved-view';
import { PERSONAL_DATA_EXPORT, defineOperation } from '../operation';

const tag = 'Profile';

export const get = defineOperation({
  method: 'GET',
  path: '/profile',
  summary: 'The signed-in user’s own record (the user shape plus the own theme); ETag = version',
  tag,
  access: 'authenticated',
  response: profileSchema,
  etag: (profile) => profile.version,
  duringMfaEnrolment: true,
});

export const update = defineOperation({
  method: 'PATCH',
  path: '/profile',
  summary:
    'Change own name, phone, language and theme (light, dark, system); needs If-Match (or version): a stale one answers 409 with the current record',
  tag,
  access: 'authenticated',
  body: profileUpdateSchema,
  response: profileSchema,
  etag: (profile) => profile.version,
  ifMatch: 'required',
  errors: [409, 428],
});

export const changePassword = defineOperation({
  method: 'POST',
  path: '/profile/password',
  summary:
    'Change own password: the current one must match (422 on currentPassword), the new one meets the policy (422 on newPassword); every other session ends',
  tag,
  access: 'authenticated',
  body: passwordChangeSchema,
  successStatus: 204,
  // 423: too many wrong current passwords lock the sign-in, as at sign-in.
  errors: [423],
});

export const changeEmail = defineOperation({
  method: 'POST',
  path: '/profile/email',
  summary:
    'Request a new e-mail address: needs the current password; a confirmation link (24 h) goes to the new address, which becomes the user’s only when the link is opened',
  tag,
  access: 'authenticated',
  body: emailChangeSchema,
  response: acceptedSchema,
  successStatus: 202,
  errors: [423],
});

export const sessions = defineOperation({
  method: 'GET',
  path: '/profile/sessions',
  summary: 'Own live sessions (signed-in devices), newest first; `isCurrent` marks the one asking',
  tag,
  access: 'authenticated',
  response: sessionListSchema,
});

export const endOtherSessions = defineOperation({
  method: 'DELETE',
  path: '/profile/sessions',
  summary: 'Sign out everywhere else: ends every own session except the one asking',
  tag,
  access: 'authenticated',
  successStatus: 204,
});

export const endSession = defineOperation({
  method: 'DELETE',
  path: '/profile/sessions/[id]',
  summary: 'End one own session (the current one too); 404 for a session that is not the caller’s or already ended',
  tag,
  access: 'authenticated',
  params: idParamsSchema,
  successStatus: 204,
  errors: [404],
});

export const dataExport = defineOperation({
  method: 'GET',
  path: '/profile/data-export',
  summary:
    'GDPR Art. 15/20: everything stored about oneself as one JSON document, streamed. Field labels in German and English: README "Personal data"',
  tag,
  access: 'authenticated',
  file: PERSONAL_DATA_EXPORT,
});

export const views = defineOperation({
  method: 'GET',
  path: '/profile/views',
  summary: 'The caller’s saved views of one list (issue 27), by name; at most one is the list’s default',
  tag,
  access: 'authenticated',
  query: savedViewListQuerySchema,
  response: savedViewListSchema,
});

export const createView = defineOperation({
  method: 'POST',
  path: '/profile/views',
  summary: `Save a list’s URL state under a name (unique in the list, ignoring case: 409 otherwise); at most ${SAVED_VIEWS_PER_LIST} per list (422). With isDefault the former default stops being one. Answers the view with its ETag`,
  tag,
  access: 'authenticated',
  body: savedViewCreateSchema,
  response: savedViewSchema,
  etag: (view) => view.version,
  location: (view) => `/profile/views/${view.id}`,
  successStatus: 201,
  errors: [409],
});

export const updateView = defineOperation({
  method: 'PATCH',
  path: '/profile/views/[id]',
  summary:
    'Rename a saved view, give it a new state, or make it (or no longer) the list’s default; needs If-Match (or version). Another user’s view answers 404',
  tag,
  access: 'authenticated',
  params: idParamsSchema,
  body: savedViewUpdateSchema,
  response: savedViewSchema,
  etag: (view) => view.version,
  ifMatch: 'required',
  errors: [404, 409, 428],
});

export const deleteView = defineOperation({
  method: 'DELETE',
  path: '/profile/views/[id]',
  summary: 'Delete a saved view (If-Match optional: a stale one answers 409). Another user’s view answers 404',
  tag,
  access: 'authenticated',
  params: idParamsSchema,
  successStatus: 204,
  ifMatch: 'optional',
  errors: [404, 409],
});

export const columns = defineOperation({
  method: 'GET',
  path: '/profile/columns/[list]',
  summary: 'The columns the caller hid in a list (issue 27); none stored: every column shows',
  tag,
  access: 'authenticated',
  params: listColumnsParamsSchema,
  response: listColumnsSchema,
  errors: [404],
});

export const setColumns = defineOperation({
  method: 'PUT',
  path: '/profile/columns/[list]',
  summary: `Replace the columns the caller hides in a list (column keys, at most ${HIDDEN_COLUMNS_MAX}; the list’s name column always shows). CSV exports keep every column`,
  tag,
  access: 'authenticated',
  params: listColumnsParamsSchema,
  body: listColumnsUpdateSchema,
  response: listColumnsSchema,
  errors: [404],
});
