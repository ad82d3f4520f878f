/** Up to `size` page numbers (0-based) centred on the current page, kept inside 0 … pages − 1. */
export function pageWindow(current: number, pages: number, size = 5): number[] {
  if (pages <= 0) return [];
  const count = Math.min(size, pages);
  const start = Math.max(0, Math.min(current - Math.floor(count / 2), pages - count));
  return Array.from({ length: count }, (_, index) => start + index);
}
