// Keyset paging (docs/api.md, "Lists: paging, sorting, filters"): each page asks for the rows after the
// last one received (`after`, its id), so a page deep in the list costs what the first one costs. A sort
// the server cannot page that way (a parent's name in the geography) asks for the rows past those loaded
// (`_offset`) instead. What a list scrolled by pages decides, pure so that it is tested alone.

/** A list call's answer: a page of rows, and the total of the list (an estimate when not exact). */
export interface ListPage<R> {
  data: R[];
  total: number;
  /** Absent: the list's calls always count exactly. */
  totalExact?: boolean;
}

/** Where a page starts: after the row of this id, or past this many rows of the list. */
export type PageStart = { after: number } | { offset: number };

/** How a list asks for the page that follows `pages` (the pages loaded, none short); none: it cannot go on. */
export type NextStart<R> = (pages: ListPage<R>[]) => PageStart | undefined;

/**
 * Keyset: the rows after the last one loaded, named by its id. A last row without an id ends the list
 * rather than starting it again.
 */
export function afterLast<R>(idOf: (row: R) => number | null | undefined): NextStart<R> {
  return (pages) => {
    const last = pages.at(-1)?.data.at(-1);
    const id = last === undefined ? undefined : idOf(last);
    return id === null || id === undefined ? undefined : { after: id };
  };
}

/** Offset, for a sort the server does not page by keyset: the rows past all those loaded. */
export function pastLoaded<R>(pages: ListPage<R>[]): PageStart {
  return { offset: pages.reduce((count, page) => count + page.data.length, 0) };
}

/**
 * How a list sorted by `orderBy` asks for its next page: after the last row's id (`afterLast`), unless the
 * sort is one of `offsetSorts`, which the server does not page by keyset (it refuses `after` with them):
 * past the rows loaded then (`pastLoaded`).
 */
export function keysetUnless<R, S extends string>(
  orderBy: S,
  offsetSorts: readonly S[],
  idOf: (row: R) => number | null | undefined,
): NextStart<R> {
  return offsetSorts.includes(orderBy) ? pastLoaded : afterLast(idOf);
}

/**
 * The start of the page that follows `pages`, as `next` asks for it. None when the last page came back
 * with fewer rows than asked: the list ends there.
 */
export function nextStart<R>(pages: ListPage<R>[], pageSize: number, next: NextStart<R>): PageStart | undefined {
  const last = pages.at(-1);
  if (!last || last.data.length < pageSize) return undefined;
  return next(pages);
}

/**
 * Whether a scrolled box is within one view of its end: the next page is asked for then, so that it is
 * there before the user reaches the last row loaded.
 */
export function nearBottom(box: { scrollTop: number; scrollHeight: number; clientHeight: number }): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= box.clientHeight;
}
