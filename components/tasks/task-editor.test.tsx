import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '@/components/ui/toast-provider';
import type { Task } from '@/lib/schemas/task';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { updateTaskAction } from './task-actions';
import { TaskEditor } from './task-editor';

// Counts the loads of the form's chunk: reading a task must not load it (issue 30).
const mockFormLoaded = jest.fn();
jest.mock('./task-form', () => {
  mockFormLoaded();
  return jest.requireActual('./task-form');
});
jest.mock('./task-actions', () => ({
  createTaskAction: jest.fn(),
  updateTaskAction: jest.fn(),
  deleteTaskAction: jest.fn(),
}));
const updateMock = updateTaskAction as jest.MockedFunction<typeof updateTaskAction>;

const mockPush = jest.fn();
const mockRefresh = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: mockPush, refresh: mockRefresh, replace: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
}));

const ME = { id: '0b9a3c1e-7c2d-4e59-9a51-2f1d6f0c0a01', name: 'Bea Backoffice' };
const task: Task = {
  id: '7a1c2b3a-1111-4222-8333-444455556666',
  title: 'Beim Kunden nachfassen',
  description: 'Bis Freitag',
  status: 'open',
  priority: 'high',
  dueDate: '2026-12-04',
  isOverdue: false,
  assignee: { id: ME.id, name: ME.name },
  createdBy: { id: ME.id, name: ME.name },
  account: null,
  completedAt: null,
  version: 5,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
};

function renderEditor(children?: React.ReactNode) {
  return renderWithIntl(
    <ToastProvider>
      <TaskEditor initial={task} me={ME} assignees={[{ id: ME.id, label: ME.name }]} accounts={[]}>
        {children}
      </TaskEditor>
    </ToastProvider>,
  );
}

describe('TaskEditor', () => {
  beforeEach(() => {
    mockFormLoaded.mockClear();
    updateMock.mockReset();
    mockPush.mockReset();
  });

  it('shows "Bearbeiten" and the other actions without loading the form', () => {
    renderEditor(<button type="button">Löschen</button>);
    expect(screen.getByTestId('edit-task')).toHaveTextContent('Bearbeiten');
    expect(screen.getByRole('button', { name: 'Löschen' })).toBeInTheDocument();
    expect(screen.queryByTestId('task-form')).toBeNull();
    expect(mockFormLoaded).not.toHaveBeenCalled();
  });

  it('loads the form when "Bearbeiten" is first pointed at, and opens it in place with the title focused', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.hover(screen.getByTestId('edit-task'));
    expect(mockFormLoaded).toHaveBeenCalledTimes(1);

    await user.click(screen.getByTestId('edit-task'));
    const title = await screen.findByRole('textbox', { name: /Titel/ });
    expect(title).toHaveValue('Beim Kunden nachfassen');
    expect(title).toHaveFocus();
    expect(screen.queryByTestId('edit-task')).toBeNull();
  });

  it('"Abbrechen" closes the form without saving and gives the focus back to "Bearbeiten"', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByTestId('edit-task'));
    await user.type(await screen.findByRole('textbox', { name: /Titel/ }), ' (dringend)');
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByTestId('task-form')).toBeNull();
    expect(screen.getByTestId('edit-task')).toHaveFocus();
    expect(updateMock).not.toHaveBeenCalled();
    expect(mockPush).not.toHaveBeenCalled();
  });

  it('saves only the changed field against the version shown, then reloads the task', async () => {
    const user = userEvent.setup();
    updateMock.mockResolvedValue({ ok: true, data: { ...task, priority: 'low', version: 6 } });
    renderEditor();
    await user.click(screen.getByTestId('edit-task'));
    await user.selectOptions(await screen.findByRole('combobox', { name: /Priorität/ }), 'low');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(updateMock).toHaveBeenCalledWith(task.id, 5, { priority: 'low' }));
    expect(await screen.findByText('Die Aufgabe wurde gespeichert.')).toBeInTheDocument();
    await act(async () => {});
    expect(mockPush).toHaveBeenCalledWith(`/tasks/${task.id}/`);
    expect(mockRefresh).toHaveBeenCalled();
  });
});
