'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withQueryClient } from '@/components/layout/query-client';
import { useTranslations } from 'next-intl';
import { useToast } from '@/components/ui/toast-provider';
import {
  OPEN_TASKS_QUERY_KEY,
  TaskRequestError,
  patchTaskStatus,
  taskMutationKey,
  type TaskStatusChange,
} from '@/lib/api-client/tasks';
import { TASK_STATUSES, type TaskStatus } from '@/lib/schemas/task-constants';
import { useApiProblemText } from '@/components/ui/form/problem-text';

export interface TaskStatusSelectProps {
  id: string;
  title: string;
  status: TaskStatus;
  version: number;
  /** Without tasks.write: the status as text. */
  disabled?: boolean;
}

/**
 * The quick status change in a list row: a TanStack Query mutation that shows the chosen status at
 * once (optimistic) and PATCHes it against the row's version through the same-origin proxy. A
 * refusal rolls the select back and says why in a toast; a 409 adopts the current status and
 * version, so the next change builds on them. Success refreshes the page's rows and the badge.
 */
export const TaskStatusSelect = withQueryClient(function TaskStatusSelect({
  id,
  title,
  status,
  version,
  disabled,
}: TaskStatusSelectProps) {
  const t = useTranslations('tasks');
  const apiProblemText = useApiProblemText();
  const showToast = useToast();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [confirmed, setConfirmed] = useState<{ status: TaskStatus; version: number }>({ status, version });

  const mutation = useMutation({
    mutationKey: taskMutationKey(id),
    mutationFn: (change: TaskStatusChange) => patchTaskStatus(change),
    onSuccess: (saved) => {
      setConfirmed(saved);
      showToast({
        variant: 'success',
        message: t('quickStatus.saved', { title, status: t(`status.${saved.status}`) }),
      });
      router.refresh();
    },
    onError: (error) => {
      if (
        error instanceof TaskRequestError &&
        error.statusCode === 409 &&
        error.current?.status &&
        error.current.version
      ) {
        setConfirmed({ status: error.current.status, version: error.current.version });
        showToast({ variant: 'warning', message: t('quickStatus.conflict', { title }) });
        return;
      }
      showToast({
        variant: 'danger',
        message: t('quickStatus.failed', {
          title,
          message: error instanceof TaskRequestError ? apiProblemText(error) : error.message,
        }),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPEN_TASKS_QUERY_KEY }),
  });
  // Optimistic: while the PATCH runs the select shows what was chosen; afterwards what the server holds.
  const shown = mutation.isPending ? mutation.variables.status : confirmed.status;

  return (
    <select
      className="form-select form-select-sm"
      aria-label={t('quickStatus.label', { title })}
      value={shown}
      disabled={disabled || mutation.isPending}
      aria-busy={mutation.isPending || undefined}
      data-testid="task-status-select"
      onChange={(event) =>
        mutation.mutate({ id, version: confirmed.version, status: event.target.value as TaskStatus })
      }
    >
      {TASK_STATUSES.map((code) => (
        <option key={code} value={code}>
          {t(`status.${code}`)}
        </option>
      ))}
    </select>
  );
});
