// What a signed-in person sees on a page kept for other roles: words, not an empty page.
export function RoleNotice({ roles, role }: { roles: string; role: string }) {
  return (
    <p role="status" className="rounded border border-slate-300 bg-slate-50 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900">
      This page is for {roles}. You are signed in as {role}.
    </p>
  );
}
