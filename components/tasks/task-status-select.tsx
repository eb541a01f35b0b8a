'use client';

import { useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useIsMounted } from '@/components/ui/client-only';
import { useToast } from '@/components/ui/toast-provider';
import { TASK_STATUSES, type TaskStatus } from '@/lib/schemas/task-constants';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';

export interface TaskStatusSelectProps {
  id: string;
  title: string;
  status: TaskStatus;
  version: number;
  /** Without tasks.write: the status as text. */
  disabled?: boolean;
}

// The request and its error type load when a select is first focused or pointed at, or with the first
// change (issue 30): a list of tasks is mostly read.
const loadTasksApi = () => import('@/lib/api-client/tasks');
const preload = () => void loadTasksApi().catch(() => undefined);

/**
 * The navbar's open-tasks badge asks again. Its query client is in the module the badge loads after
 * hydration; importing it here on demand keeps TanStack Query off the cold load of the pages with
 * task rows (issue 15). A failed load leaves the badge to its next background refresh.
 */
function refreshOpenTasksBadge(): void {
  Promise.all([import('@/components/layout/query-client'), loadTasksApi()])
    .then(([{ invalidateSharedQueries }, { OPEN_TASKS_QUERY_KEY }]) => invalidateSharedQueries(OPEN_TASKS_QUERY_KEY))
    .catch(() => undefined);
}

/**
 * The quick status change in a list row: it shows the chosen status at once (optimistic) and
 * PATCHes it against the row's version through the same-origin proxy; meanwhile the select is busy
 * and takes no other change. A refusal rolls the select back and says why in a toast; a 409 adopts
 * the current status and version, so the next change builds on them. Success refreshes the page's
 * rows; success or not, the navbar's badge asks again.
 *
 * Plain state rather than useOptimistic in an async transition: router.refresh() inside the
 * action would be entangled with it and keep the select busy until the page had refreshed.
 */
export function TaskStatusSelect({ id, title, status, version, disabled }: TaskStatusSelectProps) {
  const t = useTranslations('tasks');
  const apiProblemText = useLazyApiProblemText();
  const showToast = useToast();
  const router = useRouter();
  const [confirmed, setConfirmed] = useState<{ status: TaskStatus; version: number }>({ status, version });
  // The status being saved; null while nothing runs.
  const [pending, setPending] = useState<TaskStatus | null>(null);
  // Guards against a second change before the disabled select has rendered.
  const running = useRef(false);
  const isPending = pending !== null;
  // Disabled until hydrated: a choice made before React listens would change the select and save
  // nothing (the rows of a list arrive as compact data and hydrate with their client chunk).
  const isHydrated = useIsMounted();

  async function change(next: TaskStatus) {
    if (running.current) return;
    running.current = true;
    setPending(next);
    // Null when the request's code could not load (offline): the failure toast says so.
    const api = await loadTasksApi().catch(() => null);
    try {
      if (!api) throw new Error(t('quickStatus.unavailable'));
      const saved = await api.patchTaskStatus({ id, version: confirmed.version, status: next });
      setConfirmed(saved);
      showToast({
        variant: 'success',
        message: t('quickStatus.saved', { title, status: t(`status.${saved.status}`) }),
      });
      router.refresh();
    } catch (error) {
      const requestError = api && error instanceof api.TaskRequestError ? error : null;
      if (
        requestError &&
        requestError.statusCode === 409 &&
        requestError.current?.status &&
        requestError.current.version
      ) {
        setConfirmed({ status: requestError.current.status, version: requestError.current.version });
        showToast({ variant: 'warning', message: t('quickStatus.conflict', { title }) });
      } else {
        const message = requestError
          ? await apiProblemText(requestError)
          : error instanceof Error
            ? error.message
            : String(error);
        showToast({ variant: 'danger', message: t('quickStatus.failed', { title, message }) });
      }
    } finally {
      // In the same tick as the outcome above, so React renders them together: no flash of the old status.
      running.current = false;
      setPending(null);
      refreshOpenTasksBadge();
    }
  }

  return (
    <select
      className="form-select form-select-sm task-status-select"
      aria-label={t('quickStatus.label', { title })}
      value={pending ?? confirmed.status}
      disabled={disabled || isPending || !isHydrated}
      aria-busy={isPending || undefined}
      data-testid="task-status-select"
      onFocus={preload}
      onPointerEnter={preload}
      onChange={(event) => void change(event.target.value as TaskStatus)}
    >
      {TASK_STATUSES.map((code) => (
        <option key={code} value={code}>
          {t(`status.${code}`)}
        </option>
      ))}
    </select>
  );
}
