import type { getTranslations } from 'next-intl/server';
import type { BulkActionDescriptor } from '@/components/ui/selection/bulk-action';
import { tasksApi } from '@/lib/api-client/tasks';
import { TASK_PRIORITIES, TASK_STATUSES } from '@/lib/schemas/task-constants';

type Translate = Awaited<ReturnType<typeof getTranslations<'tasks'>>>;

/** The task list's bulk actions (`POST /tasks/bulk`) for those who may write tasks. */
export function taskBulkActions(t: Translate, canWrite: boolean): BulkActionDescriptor[] {
  if (!canWrite) return [];
  return [
    {
      action: 'set_status',
      label: t('bulk.setStatus'),
      param: {
        kind: 'select',
        name: 'status',
        label: t('bulk.statusLabel'),
        options: TASK_STATUSES.map((status) => [status, t(`status.${status}`)] as const),
      },
    },
    {
      action: 'reassign',
      label: t('bulk.reassign'),
      param: {
        kind: 'remoteSelect',
        name: 'assigneeId',
        label: t('bulk.assigneeLabel'),
        optionsPath: tasksApi.assigneesPath({ perPage: 50 }),
      },
    },
    {
      action: 'set_priority',
      label: t('bulk.setPriority'),
      param: {
        kind: 'select',
        name: 'priority',
        label: t('bulk.priorityLabel'),
        options: TASK_PRIORITIES.map((priority) => [priority, t(`priority.${priority}`)] as const),
      },
    },
    { action: 'delete', label: t('bulk.delete'), isDestructive: true },
  ];
}
