"use client";

import { useState } from "react";

import { secondaryButtonClass } from "@/components/ui/styles";

/**
 * The cursors of the pages before the current one (null: the first page), so "Previous" can go back.
 * They belong to `scope` (a list's filters and order): when it changes, paging starts again at the
 * first page, since a cursor of one order means nothing in another.
 */
export function useCursorPages(scope = "") {
  const [state, setState] = useState<{ scope: string; cursors: (string | null)[] }>({ scope, cursors: [null] });
  const cursors = state.scope === scope ? state.cursors : [null];
  return {
    cursor: cursors[cursors.length - 1] ?? null,
    pageNumber: cursors.length,
    canGoBack: cursors.length > 1,
    back: () => setState({ scope, cursors: cursors.slice(0, -1) }),
    next: (cursor: string | null | undefined) => setState({ scope, cursors: cursor ? [...cursors, cursor] : cursors }),
    reset: () => setState({ scope, cursors: [null] }),
  };
}

/** Previous and next buttons of a server-paged list; `nextCursor` is null on the last page. */
export function CursorPager({ label, pages, nextCursor }: { label: string; pages: ReturnType<typeof useCursorPages>; nextCursor: string | null | undefined }) {
  return (
    <nav aria-label={label} className="mt-3 flex gap-2">
      <button type="button" className={secondaryButtonClass} disabled={!pages.canGoBack} onClick={pages.back}>
        Previous page
      </button>
      <button type="button" className={secondaryButtonClass} disabled={!nextCursor} onClick={() => pages.next(nextCursor)}>
        Next page
      </button>
    </nav>
  );
}
