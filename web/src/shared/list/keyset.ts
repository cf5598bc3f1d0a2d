// Keyset paging (docs/api.md, "Lists: paging, sorting, filters"): each page asks for the rows after the
// last one received (`after`, its id), so a page deep in the list costs what the first one costs. What a
// list scrolled by keyset pages decides, pure so that it is tested alone.

/** A list call's answer: a page of rows, and the total of the list (an estimate when not exact). */
export interface ListPage<R> {
  data: R[];
  total: number;
  totalExact: boolean;
}

/**
 * The `after` of the page that follows `page`: the id of its last row. None when `page` came back with
 * fewer rows than asked: the list ends there.
 */
export function nextAfter<R>(
  page: ListPage<R>,
  pageSize: number,
  idOf: (row: R) => number | null | undefined,
): number | undefined {
  if (page.data.length < pageSize) return undefined;
  return idOf(page.data[page.data.length - 1]) ?? undefined;
}

/**
 * Whether a scrolled box is within one view of its end: the next page is asked for then, so that it is
 * there before the user reaches the last row loaded.
 */
export function nearBottom(box: { scrollTop: number; scrollHeight: number; clientHeight: number }): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= box.clientHeight;
}
