import Link from "next/link";

/**
 * The header of the pages anyone may open (sign-in, the API reference): no navigation, no notification
 * centre. A module of its own, so that those pages load none of the portal's client components.
 */
export function PublicHeaderBar() {
  return (
    <div className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-3">
      <span className="text-base font-semibold tracking-tight text-ink">Tokenized Assets Network</span>
      <Link href="/signin" className="text-sm font-medium text-brand underline-offset-4 hover:underline">
        Sign in
      </Link>
    </div>
  );
}

export function PublicHeader() {
  return (
    <header className="border-b border-line bg-surface">
      <PublicHeaderBar />
    </header>
  );
}
