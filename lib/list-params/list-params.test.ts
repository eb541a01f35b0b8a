/** @jest-environment node */
import { hasListFilter, listHref, nextSortState, parseListParams, withSearchParams } from './list-params';

const config = {
  sortFields: ['name', 'customerNumber', 'createdAt'] as const,
  defaultSort: 'name' as const,
  filters: ['status', 'view'] as const,
  filterValues: { status: ['draft', 'active', 'suspended', 'archived'] },
};

describe('parseListParams', () => {
  it('applies the defaults to an empty query', () => {
    expect(parseListParams({}, config)).toEqual({
      page: 1,
      perPage: 20,
      sort: 'name',
      order: 'asc',
      q: '',
      filters: {},
      defaults: { sort: 'name', order: 'asc', perPage: 20 },
    });
  });

  it('reads valid values', () => {
    const params = parseListParams(
      { page: '3', perPage: '50', sort: 'createdAt', order: 'desc', q: '  Müller ', status: 'active', view: 'manager' },
      config,
    );
    expect(params).toMatchObject({
      page: 3,
      perPage: 50,
      sort: 'createdAt',
      order: 'desc',
      q: 'Müller',
      filters: { status: 'active', view: 'manager' },
    });
  });

  it('ignores invalid values and clamps the page', () => {
    const params = parseListParams(
      { page: '-2', perPage: '5000', sort: 'password', order: 'sideways', status: 'deleted', view: '  ', other: 'x' },
      config,
    );
    expect(params).toMatchObject({ page: 1, perPage: 20, sort: 'name', order: 'asc', filters: {} });
    expect(parseListParams({ page: 'abc' }, config).page).toBe(1);
    expect(parseListParams({ page: '2.5' }, config).page).toBe(1);
    expect(parseListParams({ page: '0' }, config).page).toBe(1);
    expect(parseListParams({ page: '99999999999' }, config).page).toBe(100_000);
    expect(parseListParams({ q: 'x'.repeat(300) }, config).q).toHaveLength(200);
  });

  it('takes the first of repeated parameters and accepts URLSearchParams', () => {
    expect(parseListParams({ page: ['4', '5'], status: ['draft', 'active'] }, config)).toMatchObject({
      page: 4,
      filters: { status: 'draft' },
    });
    expect(parseListParams(new URLSearchParams('sort=customerNumber&order=desc'), config)).toMatchObject({
      sort: 'customerNumber',
      order: 'desc',
    });
  });

  it('honours a default order and page size', () => {
    const params = parseListParams(
      {},
      { sortFields: ['createdAt'], defaultSort: 'createdAt', defaultOrder: 'desc', perPage: 50 },
    );
    expect(params).toMatchObject({
      sort: 'createdAt',
      order: 'desc',
      perPage: 50,
      defaults: { order: 'desc', perPage: 50 },
    });
  });
});

describe('listHref', () => {
  const at = (query: Record<string, string>) => parseListParams(query, config);

  it('drops defaults and empty values', () => {
    expect(listHref('/accounts/', at({}))).toBe('/accounts/');
    expect(listHref('/accounts/', at({ sort: 'name', order: 'asc', page: '1', perPage: '20', q: ' ' }))).toBe(
      '/accounts/',
    );
  });

  it('keeps the rest when only the page changes', () => {
    const current = at({ q: 'bau', status: 'active', sort: 'createdAt', order: 'desc', page: '2' });
    expect(listHref('/accounts/', current, { page: 3 })).toBe(
      '/accounts/?q=bau&status=active&sort=createdAt&order=desc&page=3',
    );
    expect(listHref('/accounts/', current, { page: 1 })).toBe(
      '/accounts/?q=bau&status=active&sort=createdAt&order=desc',
    );
  });

  it('returns to page 1 when sort, search or a filter changes', () => {
    const current = at({ q: 'bau', status: 'active', page: '4' });
    expect(listHref('/accounts/', current, { sort: 'createdAt', order: 'asc' })).toBe(
      '/accounts/?q=bau&status=active&sort=createdAt&order=asc',
    );
    expect(listHref('/accounts/', current, { q: 'haus' })).toBe('/accounts/?q=haus&status=active');
    expect(listHref('/accounts/', current, { filters: { status: 'draft' } })).toBe('/accounts/?q=bau&status=draft');
    expect(listHref('/accounts/', current, { filters: { status: null } })).toBe('/accounts/?q=bau');
    expect(listHref('/accounts/', current, { filters: { view: 'distributor' } })).toBe(
      '/accounts/?q=bau&status=active&view=distributor',
    );
    expect(listHref('/accounts/', current, { q: '', filters: null })).toBe('/accounts/');
  });

  it('keeps the page when a change does not change anything', () => {
    const current = at({ status: 'active', page: '4' });
    expect(listHref('/accounts/', current, { filters: { status: 'active' } })).toBe('/accounts/?status=active&page=4');
  });

  it('writes a non-default order even for the default field', () => {
    expect(listHref('/accounts/', at({}), { order: 'desc' })).toBe('/accounts/?sort=name&order=desc');
  });

  it('encodes values', () => {
    expect(listHref('/accounts/', at({}), { q: 'Müller & Söhne' })).toBe('/accounts/?q=M%C3%BCller+%26+S%C3%B6hne');
  });
});

describe('nextSortState', () => {
  const at = (query: Record<string, string>) => parseListParams(query, config);

  it('cycles ascending → descending → cleared for another field', () => {
    const unsorted = at({});
    const ascending = nextSortState(unsorted, 'createdAt');
    expect(ascending).toEqual({ sort: 'createdAt', order: 'asc' });
    const descending = nextSortState({ ...unsorted, ...ascending }, 'createdAt');
    expect(descending).toEqual({ sort: 'createdAt', order: 'desc' });
    const cleared = nextSortState({ ...unsorted, ...descending }, 'createdAt');
    expect(cleared).toEqual({ sort: 'name', order: 'asc' });
    expect(listHref('/accounts/', { ...unsorted, ...descending }, cleared)).toBe('/accounts/');
  });

  it('cycles the default field from ascending to descending and back', () => {
    expect(nextSortState(at({}), 'name')).toEqual({ sort: 'name', order: 'desc' });
    expect(nextSortState(at({ order: 'desc' }), 'name')).toEqual({ sort: 'name', order: 'asc' });
  });

  it('never gets stuck on a default-descending field', () => {
    const params = parseListParams(
      {},
      { sortFields: ['createdAt', 'name'], defaultSort: 'createdAt', defaultOrder: 'desc' },
    );
    expect(nextSortState(params, 'createdAt')).toEqual({ sort: 'createdAt', order: 'asc' });
    expect(nextSortState({ ...params, order: 'asc' }, 'createdAt')).toEqual({ sort: 'createdAt', order: 'desc' });
  });
});

describe('hasListFilter', () => {
  it('sees search and filters, optionally ignoring some', () => {
    expect(hasListFilter({ q: '', filters: {} })).toBe(false);
    expect(hasListFilter({ q: 'x', filters: {} })).toBe(true);
    expect(hasListFilter({ q: '', filters: { status: 'active' } })).toBe(true);
    expect(hasListFilter({ q: '', filters: { view: 'manager' } }, ['view'])).toBe(false);
  });
});

describe('withSearchParams', () => {
  it('sets and removes parameters, keeps the rest and drops the page', () => {
    expect(withSearchParams('/accounts/', 'sort=city&order=desc&page=3&q=alt', { q: 'neu' })).toBe(
      '/accounts/?sort=city&order=desc&q=neu',
    );
    expect(withSearchParams('/accounts/', new URLSearchParams('q=alt&page=2'), { q: '  ' })).toBe('/accounts/');
    expect(withSearchParams('/accounts/', 'status=active', { status: null, view: 'manager' })).toBe(
      '/accounts/?view=manager',
    );
  });
});
