// A CSV file chosen in the browser, as records: a small one read at once, a large one read and parsed
// in a web worker (csv-worker.ts) that reports how much it has read, so the page stays responsive and
// shows progress.
import { parseCsvText, type CsvRecords } from "./csv";
import type { CsvWorkerMessage } from "./csv-worker";

/** Files from this size on are parsed in the worker. */
export const CSV_WORKER_FROM_BYTES = 256 * 1024;

export function parseCsvFile(file: File, onProgress: (fraction: number) => void): Promise<CsvRecords> {
  if (file.size < CSV_WORKER_FROM_BYTES || typeof Worker === "undefined") return file.text().then(parseCsvText);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./csv-worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<CsvWorkerMessage>) => {
      const message = event.data;
      if (message.kind === "progress") return onProgress(message.bytes / file.size);
      worker.terminate();
      resolve({ records: message.records, problem: message.problem });
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`The file could not be read: ${event.message}`));
    };
    worker.postMessage(file);
  });
}
