// The chart roles of the design tokens (app/globals.css), in the order slices and series take them:
// shared by the drawings and by the legends drawn beside them without recharts.
export const SLICE_COLOURS = ["var(--chart-1)", "var(--chart-2)", "var(--chart-3)", "var(--chart-4)", "var(--chart-5)"] as const;

/** The same roles as Tailwind classes, for a legend's swatches (a strict style-src admits no style attributes). */
export const SLICE_SWATCHES = ["bg-chart-1", "bg-chart-2", "bg-chart-3", "bg-chart-4", "bg-chart-5"] as const;
