import { listHref, parseListParams } from './list-params';
import {
  hideValue,
  isSameViewQuery,
  normaliseHidden,
  opensDefaultView,
  splitHidden,
  viewHref,
  viewQueryOf,
  visibleColumns,
  withoutHide,
} from './view-state';

const config = { sortFields: ['name', 'city'], defaultSort: 'name', filters: ['status'] } as const;
const keys = ['customerNumber', 'name', 'city', 'status'];

describe('saved views: URL state ↔ view', () => {
  it('a view is the list link without its page, with the hidden columns last', () => {
    const params = parseListParams({ q: 'Müller', status: 'active', sort: 'city', order: 'desc', page: '3' }, config);
    const query = viewQueryOf(listHref('/accounts/', params), ['city', 'status']);
    expect(query).toBe('q=M%C3%BCller&status=active&sort=city&order=desc&hide=city.status');
    // Applying the view gives back the same state (page 1).
    const applied = parseListParams(new URLSearchParams(query), config);
    expect(applied).toMatchObject({ q: 'Müller', filters: { status: 'active' }, sort: 'city', order: 'desc', page: 1 });
    expect(splitHidden(applied.hide!)).toEqual(['city', 'status']);
  });

  it('saves “no column hidden” as an empty hide, and leaves it out without columns (the history)', () => {
    const params = parseListParams({}, config);
    expect(viewQueryOf(listHref('/accounts/', params), [])).toBe('hide=');
    expect(viewQueryOf(listHref('/historie/', params), undefined)).toBe('');
    expect(viewQueryOf('/accounts/?saved=none&page=2', undefined)).toBe('');
  });

  it('keeps a hide of the URL on sort, page and filter links', () => {
    const params = parseListParams({ hide: 'city', status: 'active' }, config);
    expect(params.hide).toBe('city');
    expect(listHref('/accounts/', params, { sort: 'city' })).toBe(
      '/accounts/?status=active&sort=city&order=asc&hide=city',
    );
    expect(listHref('/accounts/', params, { page: 2 })).toBe('/accounts/?status=active&page=2&hide=city');
    expect(parseListParams({ hide: 'a<b' }, config).hide).toBeUndefined();
  });

  it('compares views regardless of parameter order and page', () => {
    expect(isSameViewQuery('status=active&sort=city&order=asc&hide=', 'hide=&sort=city&order=asc&status=active')).toBe(
      true,
    );
    expect(isSameViewQuery('status=active&hide=', 'status=active&page=2&hide=')).toBe(true);
    expect(isSameViewQuery('status=active&hide=', 'status=active&hide=city')).toBe(false);
    expect(isSameViewQuery('status=active', 'status=active&hide=')).toBe(false);
  });

  it('applies the default only to a list opened without parameters', () => {
    expect(opensDefaultView({})).toBe(true);
    expect(opensDefaultView({ q: undefined })).toBe(true);
    expect(opensDefaultView({ saved: 'none' })).toBe(false);
    expect(opensDefaultView({ page: '1' })).toBe(false);
  });

  it('links a view by its query; an empty one opens the plain list without the default', () => {
    expect(viewHref('/tasks/', 'view=all&hide=')).toBe('/tasks/?view=all&hide=');
    expect(viewHref('/tasks/', '')).toBe('/tasks/?saved=none');
  });
});

describe('chosen columns', () => {
  it('keeps only known keys, in the columns’ order, never the name column', () => {
    expect(normaliseHidden(['status', 'name', 'nope', 'city', 'city'], keys, 'name')).toEqual(['city', 'status']);
    expect(hideValue(['city', 'status'])).toBe('city.status');
    expect(splitHidden('city..status.')).toEqual(['city', 'status']);
    expect(splitHidden('')).toEqual([]);
  });

  it('draws every column but the hidden ones, and always the name column', () => {
    const columns = keys.map((key) => ({ key }));
    expect(visibleColumns(columns, ['city', 'name'], 'name').map((column) => column.key)).toEqual([
      'customerNumber',
      'name',
      'status',
    ]);
    expect(visibleColumns(columns, [], 'name')).toEqual(columns);
  });

  it('drops the hide of the URL once the stored choice changes', () => {
    expect(withoutHide('/accounts/', 'status=active&hide=city')).toBe('/accounts/?status=active');
    expect(withoutHide('/accounts/', 'hide=city')).toBe('/accounts/');
  });
});
