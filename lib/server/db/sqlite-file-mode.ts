// The SQLite database holds password hashes, sealed tokens and everyone's holdings: like the
// generated auth secret, it is readable by the server's user only. SQLite gives the -wal and -shm
// files it creates the mode of the database file, so creating that file 0600 before SQLite does is
// enough for new databases; files of an existing database are narrowed to 0600 at every start.
import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";

const OWNER_ONLY = 0o600;

function narrow(file: string): void {
  try {
    chmodSync(file, OWNER_ONLY);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

export function secureSqliteFiles(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // "a": creates the file with this mode when missing, leaves an existing one as it is.
  closeSync(openSync(file, "a", OWNER_ONLY));
  for (const suffix of ["", "-wal", "-shm", "-journal"]) narrow(file + suffix);
}
