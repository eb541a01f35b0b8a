import {
  type Candidate,
  approvalDecidedRecipients,
  approvalRequestedRecipients,
  defaultSettings,
  documentAddedRecipients,
  effectiveSettings,
  taskAssignedRecipients,
  taskDueRecipients,
} from './recipients';

const user = (id: string, role: Candidate['role'], extra: Partial<Candidate> = {}): Candidate => ({
  id,
  role,
  status: 'active',
  accountId: null,
  ...extra,
});

describe('who is notified', () => {
  it('taskAssigned: the assignee, never about a task one gave oneself, never an inactive user', () => {
    const assignee = user('a', 'distributor');
    expect(taskAssignedRecipients(assignee, 'boss')).toEqual([assignee]);
    expect(taskAssignedRecipients(assignee, 'a')).toEqual([]);
    expect(taskAssignedRecipients({ ...assignee, status: 'deactivated' }, 'boss')).toEqual([]);
    expect(taskAssignedRecipients(undefined, 'boss')).toEqual([]);
  });

  it('taskDue: the assignee of an open task only', () => {
    const assignee = user('a', 'manager');
    expect(taskDueRecipients(assignee, 'open')).toEqual([assignee]);
    expect(taskDueRecipients(assignee, 'in_progress')).toEqual([assignee]);
    expect(taskDueRecipients(assignee, 'done')).toEqual([]);
    expect(taskDueRecipients({ ...assignee, status: 'invited' }, 'open')).toEqual([]);
  });

  it('approvalRequested: admin and back office who may decide — not the requester (four eyes), not partners', () => {
    const admin = user('admin', 'admin');
    const backoffice = user('bo', 'backoffice');
    const requester = user('req', 'backoffice');
    const candidates = [
      admin,
      backoffice,
      requester,
      user('d', 'distributor'),
      user('m', 'manager'),
      user('x', 'admin', { status: 'locked' }),
    ];
    expect(approvalRequestedRecipients(candidates, 'req')).toEqual([admin, backoffice]);
  });

  it('approvalDecided: the requester, unless they closed it themselves', () => {
    const requester = user('req', 'distributor');
    expect(approvalDecidedRecipients(requester, 'bo')).toEqual([requester]);
    expect(approvalDecidedRecipients(requester, 'req')).toEqual([]);
  });

  it('documentAdded: managers of the account tree and its distributor only, never the uploader', () => {
    const account = { lineage: ['root', 'child'], distributorId: 'dist' };
    const rootManager = user('m1', 'manager', { accountId: 'root' });
    const childManager = user('m2', 'manager', { accountId: 'child' });
    const otherManager = user('m3', 'manager', { accountId: 'elsewhere' });
    const distributor = user('dist', 'distributor');
    const otherDistributor = user('dist2', 'distributor');
    const staff = user('bo', 'backoffice');
    const candidates = [rootManager, childManager, otherManager, distributor, otherDistributor, staff];
    expect(documentAddedRecipients(candidates, account, 'someone')).toEqual([rootManager, childManager, distributor]);
    expect(documentAddedRecipients(candidates, account, 'm2')).toEqual([rootManager, distributor]);
    expect(documentAddedRecipients(candidates, undefined, 'someone')).toEqual([]);
  });
});

describe('preferences', () => {
  it('defaults per role: deciders hear of requests at once, partners not at all', () => {
    expect(defaultSettings('backoffice').approvalRequested).toBe('immediate');
    expect(defaultSettings('distributor').approvalRequested).toBe('off');
    expect(defaultSettings('manager').documentAdded).toBe('digest');
  });

  it('stored choices win; unknown kinds and values in storage are ignored', () => {
    expect(effectiveSettings('admin', { taskAssigned: 'off', bogus: 'immediate', taskDue: 'loud' })).toEqual({
      ...defaultSettings('admin'),
      taskAssigned: 'off',
    });
  });
});
