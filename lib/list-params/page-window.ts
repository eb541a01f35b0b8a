export const PAGE_LINKS = 5;

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, perPage)));
}

/**
 * The page numbers to link, at most `size` (SPEC §6: 5) around the current page: the current page
 * in the middle where possible, shifted at the start and end so the window stays full.
 */
export function pageWindow(page: number, pages: number, size: number = PAGE_LINKS): number[] {
  const current = Math.min(Math.max(1, page), Math.max(1, pages));
  const length = Math.min(size, Math.max(1, pages));
  const start = Math.max(1, Math.min(current - Math.floor((size - 1) / 2), pages - length + 1));
  return Array.from({ length }, (_, index) => start + index);
}
