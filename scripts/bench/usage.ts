// CPU time and resident memory of a process group (the server and whatever it started) or of a
// process and its children (a PostgreSQL on this machine), read from /proc, and of the benchmark's
// own process.
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const PID_REFRESH_MS = 2_000;

/**
 * The processes of one group, or of one parent and its children; the list of pids is re-read from
 * /proc every 2 s, not on every sample.
 */
export class ProcessGroup {
  private pids: string[] = [];
  private listedAt = -Infinity;

  /** `by`: "group", the processes whose process group is `id`; "parent", the process `id` and its children (PostgreSQL's backends each lead a group of their own). */
  constructor(
    private readonly id: () => number | undefined,
    private readonly by: "group" | "parent" = "group",
  ) {}

  private members(): string[] {
    const id = this.id();
    if (id === undefined) return [];
    if (performance.now() - this.listedAt < PID_REFRESH_MS) return this.pids;
    const found: string[] = [];
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const fields = statFields(entry);
      if (!fields) continue;
      // fields[1]: ppid, fields[2]: pgrp
      if (this.by === "group" ? Number(fields[2]) === id : Number(entry) === id || Number(fields[1]) === id) found.push(entry);
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

  /**
   * What the group's processes wrote so far: bytes they sent to storage (on SQLite the WAL's frames
   * and the checkpoints' copies of them into the database file, both in the server's process) and
   * their write calls, sockets included (/proc/<pid>/io). Null when /proc does not show it.
   */
  writes(): { storageBytes: number; calls: number } | null {
    let storageBytes = 0;
    let calls = 0;
    let seen = false;
    for (const pid of this.members()) {
      try {
        const io = readFileSync(`/proc/${pid}/io`, "utf8");
        storageBytes += Number(/write_bytes:\s+(\d+)/.exec(io)?.[1] ?? 0);
        calls += Number(/syscw:\s+(\d+)/.exec(io)?.[1] ?? 0);
        seen = true;
      } catch {
        // the process ended meanwhile, or its io is not ours to read
      }
    }
    return seen ? { storageBytes, calls } : null;
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

/**
 * PostgreSQL's processes at `url` (its postmaster and every backend and helper it started), when the
 * server runs on this machine: found from the pid of a backend of our own connection, whose process
 * must be here and be PostgreSQL's. Undefined for a server elsewhere.
 */
export async function localPostgresProcesses(url: string): Promise<ProcessGroup | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    const backend = rows[0]?.pid;
    if (backend === undefined) return undefined;
    let command = "";
    try {
      command = readFileSync(`/proc/${backend}/cmdline`, "utf8");
    } catch {
      return undefined; // no such process here: the server is on another machine
    }
    const postmaster = statFields(String(backend))?.[1];
    if (!command.startsWith("postgres") || postmaster === undefined) return undefined;
    return new ProcessGroup(() => Number(postmaster), "parent");
  } finally {
    await client.end();
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
