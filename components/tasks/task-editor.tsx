'use client';

import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useOpenInPlace } from '@/components/ui/use-open-in-place';
import { OpenInPlaceButton } from '@/components/ui/open-in-place-button';
import type { Task } from '@/lib/schemas/task';
import type { TaskFormProps } from './task-form';

// The form, its store, its pickers and the save flow are a chunk of their own (~7 KiB gzip): most
// visits read the task, so they load when "Bearbeiten" is first pointed at, focused or pressed
// (issue 30), as the document's details do.
const loadForm = () => import('./task-form');
const TaskForm = lazy(() => loadForm().then((module) => ({ default: module.TaskForm })));

export interface TaskEditorProps extends Pick<TaskFormProps, 'me' | 'assignees' | 'accounts'> {
  initial: Task;
  /** The task's other actions (delete), shown beside "Bearbeiten" and under the open form. */
  children?: ReactNode;
}

/**
 * Inline edit of a task (SPEC §3 `/tasks/{id}/`): "Bearbeiten" turns into the form in place, its
 * first field focused; "Abbrechen" closes it and gives the focus back to the button. A save
 * reloads the page, whose new version mounts the editor closed again.
 */
export function TaskEditor({ initial, me, assignees, accounts, children }: TaskEditorProps) {
  const t = useTranslations('tasks');
  const [editor, editButton, focusFirstField] = useOpenInPlace(loadForm, 'input, textarea, select');

  const actions = (isOpening: boolean) => (
    <div className="d-flex flex-wrap align-items-start gap-2 mt-3">
      <OpenInPlaceButton
        part={editor}
        ref={editButton}
        isOpening={isOpening}
        className="btn btn-primary"
        testId="edit-task"
      >
        {t('detail.edit')}
      </OpenInPlaceButton>
      {children}
    </div>
  );

  if (!editor.isOpen) return actions(false);
  return (
    <Suspense fallback={actions(true)}>
      <section className="mt-4" aria-label={t('detail.edit')} ref={focusFirstField}>
        <TaskForm initial={initial} me={me} assignees={assignees} accounts={accounts} onCancel={editor.close} />
        {children ? <div className="mt-4">{children}</div> : null}
      </section>
    </Suspense>
  );
}
