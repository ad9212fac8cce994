"use client";

// The chart drawings, loaded only in the browser and only when a page shows one: recharts stays out of
// every page's first load (README "Page weight").
import dynamic from "next/dynamic";

const placeholder = () => <div className="h-full w-full animate-pulse rounded-md bg-surface-sunken" />;

export const ValueDrawing = dynamic(() => import("./drawings").then((m) => m.ValueDrawing), { ssr: false, loading: placeholder });
export const PriceVolumeDrawing = dynamic(() => import("./drawings").then((m) => m.PriceVolumeDrawing), { ssr: false, loading: placeholder });
export const AllocationDrawing = dynamic(() => import("./drawings").then((m) => m.AllocationDrawing), { ssr: false, loading: placeholder });
