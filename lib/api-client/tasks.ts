import { toQueryString, type QueryValue } from '@/lib/query-string';
import type { TaskStatus } from '@/lib/schemas/task-constants';

/*
 * Without zod on purpose: the navbar badge (every page) and the list's status select import this
 * module in the browser. Server pages parse answers with the schemas (tasks.server.ts). Without
 * TanStack Query too: the status select is on the cold load of /tasks/ and /accounts/{id}/, where
 * the query library does not fit (issue 15); the badge's query options live with the badge.
 */

export const tasksApi = {
  listPath: (query: Record<string, QueryValue>) => `/tasks/${toQueryString(query)}`,
  detailPath: (id: string) => `/tasks/${encodeURIComponent(id)}/`,
  bulkPath: '/tasks/bulk/',
  assigneesPath: (query: { q?: string; perPage?: number }) => `/tasks/assignees/${toQueryString(query)}`,
  accountsPath: (query: { q?: string; assigneeId?: string; perPage?: number }) =>
    `/tasks/accounts/${toQueryString(query)}`,
  dashboardPath: '/dashboard/',
  /** The browser downloads exports through the same-origin proxy, which adds the token. */
  exportHref: (query: Record<string, QueryValue>) => {
    const { page: _page, perPage: _perPage, ...filters } = query;
    return `/api/ui/export/tasks.csv${toQueryString(filters)}`;
  },
  /** The same-origin proxy path of an API path (browser code). */
  ui: (apiPath: string) => `/api/ui${apiPath}`,
};

/** An API refusal as the browser sees it: status, message and, on 409, the current record. */
export class TaskRequestError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly current?: { status?: TaskStatus; version?: number },
    /** The API's error code and details: the UI shows their text in its own language. */
    readonly code?: string,
    readonly details?: { path: string; message: string; code?: string; params?: Record<string, string | number> }[],
  ) {
    super(message);
    this.name = 'TaskRequestError';
  }
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/* The navbar badge: my open tasks (view=assigned, status not done); only `total` is read. */

export const OPEN_TASKS_QUERY_KEY = ['tasks', 'open-count'] as const;
/** The badge asks again this often in the background (and when the window regains focus). */
export const OPEN_TASKS_REFRESH_MS = 30_000;

export async function fetchOpenTaskCount(): Promise<number> {
  const path = tasksApi.ui(tasksApi.listPath({ view: 'assigned', status: 'not_done', perPage: 1 }));
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new TaskRequestError(response.status, String(response.status));
  const body = await readJson(response);
  return typeof body.total === 'number' ? body.total : 0;
}

/* The list's quick status change. */

export interface TaskStatusChange {
  id: string;
  version: number;
  status: TaskStatus;
}

/** PATCH the status against the version the row shows; answers the new status and version. */
export async function patchTaskStatus(change: TaskStatusChange): Promise<{ status: TaskStatus; version: number }> {
  const response = await fetch(tasksApi.ui(tasksApi.detailPath(change.id)), {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'if-match': `W/"${change.version}"` },
    body: JSON.stringify({ status: change.status }),
  });
  const body = await readJson(response);
  if (!response.ok) {
    const current =
      body.current && typeof body.current === 'object' ? (body.current as TaskRequestError['current']) : undefined;
    throw new TaskRequestError(
      response.status,
      typeof body.message === 'string' ? body.message : String(response.status),
      current,
      typeof body.code === 'string' ? body.code : undefined,
      Array.isArray(body.details) ? (body.details as TaskRequestError['details']) : undefined,
    );
  }
  return { status: body.status as TaskStatus, version: Number(body.version) };
}
