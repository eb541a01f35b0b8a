import { accountList } from '@/components/accounts/account-list';
import { documentList } from '@/components/documents/document-list';
import { taskList } from '@/components/tasks/task-list';
import { userList } from '@/components/users/user-list';
import { whitelistList } from '@/components/whitelist/whitelist-list';
import { approvalList } from '@/app/(app)/freigaben/_components/approval-list';
import { parseListParams } from '@/lib/list-params';
import { columnKeySchema, LIST_KEYS } from '@/lib/schemas/saved-view';
import type { ListContext, TableListDescriptor } from './list-descriptor';
import { listColumns } from './list-view';

jest.mock('@/lib/api-client/server', () => ({ getMe: jest.fn(), serverApi: jest.fn() }));
jest.mock('./list-view-actions', () => ({}));

const translate = Object.assign((key: string) => key, { rich: (key: string) => key, has: () => true });
const me = {
  id: 'u1',
  role: 'admin',
  scope: ['tasks.write', 'whitelist.write', 'documents.write', 'users.write', 'accounts.write', 'approvals.decide'],
};

function context(
  descriptor: TableListDescriptor<unknown, unknown, unknown, unknown>,
): ListContext<unknown, unknown, unknown, unknown> {
  const params = parseListParams({}, { sortFields: descriptor.sortFields, defaultSort: descriptor.defaultSort });
  return {
    me: me as never,
    params,
    query: descriptor.query(params, me as never, {}) as never,
    list: { items: [], total: 0, page: 1, perPage: 20 },
    t: translate,
    tRoot: translate as never,
    locale: 'de',
    options: { items: [] },
    views: [],
    hidden: [],
  };
}

const lists = { accountList, documentList, taskList, userList, whitelistList, approvalList } as unknown as Record<
  string,
  TableListDescriptor<unknown, unknown, unknown, unknown>
>;

describe.each(Object.entries(lists))('%s', (_name, descriptor) => {
  const columns = descriptor.columns(context(descriptor));

  it('declares its columns with unique stable ids and names the record by a row-header column', () => {
    const ids = columns.map((column) => column.key);
    expect(new Set(ids).size).toBe(ids.length);
    const nameColumn = columns.find((column) => column.key === descriptor.nameColumn);
    expect(nameColumn?.isRowHeader).toBe(true);
  });

  it('marks two or three columns besides the name for the phone card (issue 49)', () => {
    const ids = columns.map((column) => column.key);
    expect(descriptor.cardColumns.length).toBeGreaterThanOrEqual(2);
    expect(descriptor.cardColumns.length).toBeLessThanOrEqual(3);
    for (const key of descriptor.cardColumns) expect(ids).toContain(key);
    expect(descriptor.cardColumns).not.toContain(descriptor.nameColumn);
  });

  it('keeps saved views and hidden columns under a list key the API accepts, by column keys it accepts', () => {
    expect(LIST_KEYS).toContain(descriptor.id);
    for (const column of columns) expect(columnKeySchema.safeParse(column.key).success).toBe(true);
  });

  it('hides the columns asked for, unknown keys ignored, but never the name column', () => {
    const [other] = columns.filter((column) => column.key !== descriptor.nameColumn);
    const hiding = { ...context(descriptor), hidden: [descriptor.nameColumn, other!.key, 'noSuchColumn'] };
    const { hidden, visible } = listColumns(descriptor, hiding);
    expect(hidden).toEqual([other!.key]);
    expect(visible.map((column) => column.key)).toEqual(
      columns.map((column) => column.key).filter((key) => key !== other!.key),
    );
  });

  it('sorts only by fields the URL accepts and offers bulk actions to those who may act', () => {
    for (const column of columns) {
      if (column.sortField) expect(descriptor.sortFields).toContain(column.sortField);
    }
    expect(descriptor.bulkActions?.(context(descriptor)).length).toBeGreaterThan(0);
    expect(descriptor.api.bulkPath).toMatch(/\/bulk\/$/);
  });

  it('offers no bulk actions without the scope to act', () => {
    const readOnly = { ...context(descriptor), me: { ...me, scope: [] } as never };
    expect(descriptor.bulkActions?.(readOnly)).toEqual([]);
  });
});
