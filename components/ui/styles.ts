// Class names shared by the portal's forms, so every page looks and focuses alike.
export const fieldClass =
  "mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";
export const labelClass = "block text-sm font-medium";
export const primaryButtonClass =
  "rounded bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButtonClass =
  "rounded border border-slate-400 px-3 py-1.5 text-sm hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800";
export const cardClass = "rounded-lg border border-slate-200 p-5 dark:border-slate-800";
export const mutedTextClass = "text-sm text-slate-600 dark:text-slate-400";
