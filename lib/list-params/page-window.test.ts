/** @jest-environment node */
import { pageCount, pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows 5 pages around the current one', () => {
    expect(pageWindow(1, 62)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 62)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 62)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 62)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(30, 62)).toEqual([28, 29, 30, 31, 32]);
    expect(pageWindow(61, 62)).toEqual([58, 59, 60, 61, 62]);
    expect(pageWindow(62, 62)).toEqual([58, 59, 60, 61, 62]);
  });

  it('shows fewer when there are fewer pages, and copes with pages beyond the end', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(99, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([1]);
  });

  it('counts pages', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(1234, 20)).toBe(62);
  });
});
