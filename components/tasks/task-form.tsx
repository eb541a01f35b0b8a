'use client';

import { useCallback } from 'react';
import Link from 'next/link';
import { FormProvider, useWatch } from '@/components/ui/form/use-form';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { ConflictPanel } from '@/components/record/conflict-panel';
import { SaveProblemAlert } from '@/components/record/save-problem';
import { SubmitButton } from '@/components/record/submit-button';
import { useVersionedSave } from '@/components/record/use-versioned-save';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { FormField } from '@/components/ui/form/form-field';
import { RequiredHint } from '@/components/ui/form/required-hint';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { tasksApi } from '@/lib/api-client/tasks';
import { hrefs } from '@/lib/hrefs';
import { TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus } from '@/lib/schemas/task-constants';
import type { Task } from '@/lib/schemas/task';
import { createTaskAction, updateTaskAction } from './task-actions';
import { TaskPicker, type PickerOption } from './task-picker';

/** What the form holds while the user types; `''` for an empty date. */
export interface TaskFormValues {
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  dueDate: string;
  assigneeId: string | null;
  accountId: string | null;
}

type ParsedTaskForm = {
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  dueDate: string | null;
  assigneeId: string;
  accountId: string | null;
};

const TASK_FIELDS = ['title', 'description', 'status', 'priority', 'dueDate', 'assigneeId', 'accountId'] as const;
type TaskField = (typeof TASK_FIELDS)[number];

const loadSchema = () =>
  import('./task-form-schema').then(
    (module) => module.taskFormSchema as unknown as z.ZodType<ParsedTaskForm, TaskFormValues>,
  );
/** The schemas of the pickers' answers, loaded with the first search. */
const loadTaskSchemas = () => import('@/lib/schemas/task');

function formValuesFromTask(task: Task): TaskFormValues {
  return {
    title: task.title,
    description: task.description,
    status: task.status,
    priority: task.priority,
    dueDate: task.dueDate ?? '',
    assigneeId: task.assignee.id,
    accountId: task.account?.id ?? null,
  };
}

function comparable(values: ParsedTaskForm | TaskFormValues): Record<TaskField, string> {
  return {
    title: values.title,
    description: values.description,
    status: values.status,
    priority: values.priority,
    dueDate: values.dueDate ?? '',
    assigneeId: values.assigneeId ?? '',
    accountId: values.accountId ?? '',
  };
}

async function fetchOptions(path: string, signal: AbortSignal) {
  const response = await fetch(tasksApi.ui(path), { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(String(response.status));
  return (await response.json()) as unknown;
}

export interface TaskFormProps {
  /** Edit this task; without it the form creates one. */
  initial?: Task;
  me: { id: string; name: string };
  assignees: readonly PickerOption[];
  accounts: readonly PickerOption[];
  defaults?: { assigneeId?: string | null; accountId?: string | null };
  /** Editing in place (TaskEditor): "Abbrechen" closes the form instead of leaving the page. */
  onCancel?: () => void;
}

/**
 * Create a task or edit one (SPEC §3 `/tasks/neu/`, `/tasks/{id}/`): title, description, status,
 * priority, due date, and type-ahead pickers for the assignee and the account (only accounts the
 * chosen assignee can see). Validated with the API's schema; the API's 422 lands on the fields, a
 * 409 shows the conflict panel and keeps what was typed.
 */
export function TaskForm(props: TaskFormProps) {
  const t = useTranslations('tasks');
  const isEdit = props.initial !== undefined;
  const form = useZodForm(loadSchema, {
    defaultValues: props.initial
      ? formValuesFromTask(props.initial)
      : {
          title: '',
          description: '',
          status: 'open',
          priority: 'normal',
          dueDate: '',
          assigneeId: props.defaults?.assigneeId ?? props.me.id,
          accountId: props.defaults?.accountId ?? null,
        },
  });
  const { errors, submitCount } = form.formState;
  const chosenAssignee = useWatch({ control: form.control, name: 'assigneeId' });

  const { base, conflict, problem, isBusy, onSubmit, overwrite, takeCurrent } = useVersionedSave({
    form,
    initial: props.initial ?? null,
    isFormPath: (path) => (TASK_FIELDS as readonly string[]).includes(path),
    parseRecord: async (value) => (await loadTaskSchemas()).taskSchema.safeParse(value).data,
    toFormValues: formValuesFromTask,
    changes: (values, before) => {
      const mine = comparable(values);
      const theirs = comparable(formValuesFromTask(before));
      const changed = TASK_FIELDS.filter((field) => mine[field] !== theirs[field]);
      return Object.fromEntries(changed.map((field) => [field, values[field]]));
    },
    recordHref: (task) => hrefs.task(task.id),
    update: (id, version, changes) => updateTaskAction(id, version, changes),
    onUpdated: (task) => ({ toast: { variant: 'success', message: t('toasts.saved') }, href: hrefs.task(task.id) }),
    create: {
      send: (values, idempotencyKey) => createTaskAction(values, idempotencyKey),
      onCreated: (task) => ({
        toast: { variant: 'success', message: t('toasts.created', { title: task.title }) },
        href: hrefs.task(task.id),
      }),
    },
    failed: (message) => t('toasts.failed', { message }),
  });

  const searchAssignees = useCallback(async (term: string, signal: AbortSignal): Promise<PickerOption[]> => {
    const [answer, { taskAssigneeOptionsSchema }] = await Promise.all([
      fetchOptions(tasksApi.assigneesPath({ q: term || undefined }), signal),
      loadTaskSchemas(),
    ]);
    const body = taskAssigneeOptionsSchema.parse(answer);
    return body.items.map((item) => ({ id: item.id, label: `${item.name} (${item.email})` }));
  }, []);
  const searchAccounts = useCallback(
    async (term: string, signal: AbortSignal): Promise<PickerOption[]> => {
      const path = tasksApi.accountsPath({ q: term || undefined, assigneeId: chosenAssignee ?? undefined });
      const [answer, { taskAccountOptionsSchema }] = await Promise.all([fetchOptions(path, signal), loadTaskSchemas()]);
      const body = taskAccountOptionsSchema.parse(answer);
      return body.items.map((item) => ({ id: item.id, label: `${item.name} (${item.customerNumber})` }));
    },
    [chosenAssignee],
  );

  const labels: Record<string, string> = Object.fromEntries(TASK_FIELDS.map((field) => [field, t(`fields.${field}`)]));
  const showValue = (field: TaskField, values: Record<TaskField, string>) => {
    const value = values[field];
    if (field === 'status') return t(`status.${value as TaskStatus}`);
    if (field === 'priority') return t(`priority.${value as TaskPriority}`);
    if (field === 'assigneeId') return props.assignees.find((option) => option.id === value)?.label ?? value;
    if (field === 'accountId') return props.accounts.find((option) => option.id === value)?.label ?? value;
    return value;
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} data-testid="task-form">
        <RequiredHint />
        <FormErrorSummary errors={errors} submitCount={submitCount} labels={labels} title={t('form.errorSummary')} />
        {conflict ? (
          <ConflictPanel
            fields={TASK_FIELDS}
            mine={comparable(conflict.mine)}
            theirs={comparable(formValuesFromTask(conflict.current))}
            base={base ? comparable(formValuesFromTask(base)) : undefined}
            focusKey={conflict.current.version}
            title={t('form.conflictTitle')}
            labelOf={(field) => labels[field] ?? field}
            show={showValue}
            onOverwrite={overwrite}
            onTakeCurrent={takeCurrent}
            isBusy={isBusy}
          />
        ) : null}
        <SaveProblemAlert problem={problem} />

        <div className="row g-3 mb-4">
          <div className="col-12">
            <FormField
              label={t('fields.title')}
              required
              className="mb-0"
              maxLength={200}
              autoComplete="off"
              error={errors.title}
              {...form.register('title')}
            />
          </div>
          <div className="col-12">
            <FormField
              as="textarea"
              label={t('fields.description')}
              className="mb-0"
              rows={4}
              maxLength={5000}
              error={errors.description}
              {...form.register('description')}
            />
          </div>
          <div className="col-md-4">
            <FormField
              as="select"
              label={t('fields.status')}
              required
              className="mb-0"
              options={TASK_STATUSES.map((code) => ({ value: code, label: t(`status.${code}`) }))}
              error={errors.status}
              {...form.register('status')}
            />
          </div>
          <div className="col-md-4">
            <FormField
              as="select"
              label={t('fields.priority')}
              required
              className="mb-0"
              options={TASK_PRIORITIES.map((code) => ({ value: code, label: t(`priority.${code}`) }))}
              error={errors.priority}
              {...form.register('priority')}
            />
          </div>
          <div className="col-md-4">
            <FormField
              type="date"
              label={t('fields.dueDate')}
              className="mb-0"
              error={errors.dueDate}
              {...form.register('dueDate')}
            />
          </div>
          <div className="col-md-6">
            <TaskPicker
              name="assigneeId"
              label={t('fields.assigneeId')}
              searchLabel={t('fields.assigneeSearch')}
              options={props.assignees}
              search={searchAssignees}
              emptyLabel={t('form.chooseAssignee')}
              error={errors.assigneeId}
            />
          </div>
          <div className="col-md-6">
            <TaskPicker
              name="accountId"
              label={t('fields.accountId')}
              searchLabel={t('fields.accountSearch')}
              options={props.accounts}
              search={searchAccounts}
              dependsOn={chosenAssignee}
              // The page loaded them for the task's assignee, or for the signed-in user creating one.
              optionsFor={props.initial ? props.initial.assignee.id : props.me.id}
              emptyLabel={t('form.noAccount')}
              isOptional
              help={t('form.accountHelp')}
              error={errors.accountId}
            />
          </div>
        </div>

        <div className="d-flex flex-wrap gap-2">
          <SubmitButton isBusy={isBusy} busyLabel={t('form.saving')}>
            {isEdit ? t('form.save') : t('form.create')}
          </SubmitButton>
          {props.onCancel ? (
            <button type="button" className="btn btn-outline-secondary" onClick={props.onCancel}>
              {t('form.cancel')}
            </button>
          ) : (
            <Link href={base ? hrefs.task(base.id) : hrefs.tasks()} className="btn btn-outline-secondary">
              {t('form.cancel')}
            </Link>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
