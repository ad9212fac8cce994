// Class names shared by the portal's forms and primitives, built on the design tokens of
// app/globals.css (roles such as surface, ink, muted, brand), so every page looks and focuses alike.
export const fieldClass =
  "mt-1 block w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-ink shadow-sm placeholder:text-muted focus-visible:border-brand";
export const labelClass = "block text-sm font-medium text-ink";
export const primaryButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand px-4 py-2 font-medium text-on-brand shadow-sm hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-md border border-line-strong bg-surface px-3 py-1.5 text-sm text-ink hover:bg-surface-sunken disabled:cursor-not-allowed disabled:opacity-60";
export const cardClass = "rounded-card border border-line bg-surface p-5 shadow-card";
export const mutedTextClass = "text-sm text-muted";
export const linkClass = "font-medium text-brand underline-offset-4 hover:underline";
