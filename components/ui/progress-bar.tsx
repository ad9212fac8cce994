// How much of something is done (a primary sale sold, the first steps taken): a native <progress>
// (named, announced with its value) with the figure in words beside it.
export function ProgressBar({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  return (
    <div className="min-w-0">
      <progress aria-label={label} value={value} max={max} className="h-2 w-full overflow-hidden rounded-full accent-brand [&::-webkit-progress-bar]:bg-surface-sunken [&::-webkit-progress-value]:bg-brand" />
      <p className="mt-1 text-xs text-muted tabular">{text}</p>
    </div>
  );
}
