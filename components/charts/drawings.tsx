"use client";

// The drawings of the portal's charts, with recharts. Loaded lazily (lazy-charts.tsx), never on the
// server; the figures they draw come as numbers for the drawing only (pixel positions): every figure a
// person reads is formatted from the exact decimal strings (lib/domain/format-money.ts), in the
// tooltip as in the table of the chart's figure. Colours are the design tokens' chart roles.
import { SLICE_COLOURS } from "./chart-colours";
import { Area, AreaChart, Bar, CartesianGrid, Cell, ComposedChart, Line, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export type SeriesPoint = { label: string; value: number; shown: string };
export type PricePoint = { label: string; price: number; volume: number; priceShown: string; volumeShown: string };
export type Slice = { label: string; value: number; shown: string };

const AXIS = { fontSize: 12, fill: "var(--muted)" };
const TOOLTIP = { contentStyle: { background: "var(--surface-raised)", border: "1px solid var(--line)", borderRadius: 8, color: "var(--ink)", fontSize: 13 } };

export function ValueDrawing({ points }: { points: readonly SeriesPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={[...points]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <defs>
          <linearGradient id="value-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="var(--chart-1)" stopOpacity={0.35} />
            <stop offset="100%" stopColor="var(--chart-1)" stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} minTickGap={24} />
        <YAxis tick={AXIS} tickLine={false} axisLine={false} width={64} tickFormatter={(v: number) => compact(v)} />
        <Tooltip {...TOOLTIP} formatter={(_value, _name, item) => [(item.payload as SeriesPoint).shown, "Value"]} />
        <Area type="linear" dataKey="value" stroke="var(--chart-1)" strokeWidth={2} fill="url(#value-fill)" isAnimationActive={false} />
      </AreaChart>
    </ResponsiveContainer>
  );
}

export function PriceVolumeDrawing({ points }: { points: readonly PricePoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={[...points]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} minTickGap={24} />
        <YAxis yAxisId="price" tick={AXIS} tickLine={false} axisLine={false} width={64} domain={["auto", "auto"]} tickFormatter={(v: number) => compact(v)} />
        <YAxis yAxisId="volume" orientation="right" hide domain={[0, (max: number) => max * 3]} />
        <Tooltip
          {...TOOLTIP}
          formatter={(_value, name, item) => {
            const point = item.payload as PricePoint;
            return name === "volume" ? [point.volumeShown, "Volume"] : [point.priceShown, "Closing price"];
          }}
        />
        <Bar yAxisId="volume" dataKey="volume" name="volume" fill="var(--chart-2)" opacity={0.45} isAnimationActive={false} />
        <Line yAxisId="price" type="linear" dataKey="price" name="price" stroke="var(--chart-1)" strokeWidth={2} dot={false} isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

export function AllocationDrawing({ slices }: { slices: readonly Slice[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart accessibilityLayer={false}>
        <Pie data={[...slices]} dataKey="value" nameKey="label" innerRadius="58%" outerRadius="90%" paddingAngle={1} isAnimationActive={false} stroke="var(--surface)" rootTabIndex={-1}>
          {slices.map((slice, i) => (
            <Cell key={slice.label} fill={SLICE_COLOURS[i % SLICE_COLOURS.length]} />
          ))}
        </Pie>
        <Tooltip {...TOOLTIP} formatter={(_value, _name, item) => [(item.payload as Slice).shown, (item.payload as Slice).label]} />
      </PieChart>
    </ResponsiveContainer>
  );
}

/** Axis labels: 1,250 → "1.3K", 2,400,000 → "2.4M" (the axis only; figures are read elsewhere in full). */
function compact(value: number): string {
  return new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }).format(value);
}
