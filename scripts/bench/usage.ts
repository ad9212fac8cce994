// CPU time and resident memory of a process group (the server and whatever it started), read from
// /proc, and of the benchmark's own process.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const PID_REFRESH_MS = 2_000;

/** The processes of one group; the list of pids is re-read from /proc every 2 s, not on every sample. */
export class ProcessGroup {
  private pids: string[] = [];
  private listedAt = -Infinity;

  constructor(private readonly group: () => number | undefined) {}

  private members(): string[] {
    const group = this.group();
    if (group === undefined) return [];
    if (performance.now() - this.listedAt < PID_REFRESH_MS) return this.pids;
    const found: string[] = [];
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const fields = statFields(entry);
      if (fields && Number(fields[2]) === group) found.push(entry); // fields[2]: pgrp
    }
    this.pids = found;
    this.listedAt = performance.now();
    return found;
  }

  /** User + system CPU of the group's processes so far, in milliseconds. */
  cpuMs(): number {
    let ticks = 0;
    for (const pid of this.members()) {
      const fields = statFields(pid);
      if (fields) ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    }
    return (ticks * 1000) / TICKS_PER_SECOND;
  }

  /** Resident memory of the group's processes, in bytes. */
  rssBytes(): number {
    let total = 0;
    for (const pid of this.members()) {
      try {
        const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
        total += Number(rss ?? 0) * 1024;
      } catch {
        // the process ended meanwhile
      }
    }
    return total;
  }
}

/** The fields of /proc/<pid>/stat after the command name, or null when the process is gone. */
function statFields(pid: string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** The highest resident memory of a group while it runs, sampled every 250 ms. */
export class PeakMemory {
  peakBytes = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly processes: ProcessGroup) {
    this.timer = setInterval(() => this.sample(), 250);
    this.timer.unref();
  }

  sample(): number {
    const now = this.processes.rssBytes();
    this.peakBytes = Math.max(this.peakBytes, now);
    return now;
  }

  reset(): void {
    this.peakBytes = 0;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** CPU the benchmark's own process used between `start()` and `share()`, as a share of one core. */
export class OwnCpu {
  private readonly cpu = process.cpuUsage();
  private readonly startedAt = performance.now();

  /** 1 = one core busy the whole time; above 1, more than one core (libuv's threads, the GC's). */
  share(): number {
    const used = process.cpuUsage(this.cpu);
    return (used.user + used.system) / 1000 / (performance.now() - this.startedAt);
  }
}
