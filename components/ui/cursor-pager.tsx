"use client";

import { useState } from "react";

import { secondaryButtonClass } from "@/components/ui/styles";

/** The cursors of the pages before the current one (null: the first page), so "Previous" can go back. */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return {
    cursor: cursors[cursors.length - 1] ?? null,
    canGoBack: cursors.length > 1,
    back: () => setCursors((c) => c.slice(0, -1)),
    next: (cursor: string | null | undefined) => setCursors((c) => (cursor ? [...c, cursor] : c)),
    reset: () => setCursors([null]),
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
