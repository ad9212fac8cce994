// The web worker that parses a large CSV file off the page's thread (csv-file.ts): papaparse reads
// the file in chunks and the worker posts its progress (bytes read) after each, then the records.
import Papa from "papaparse";

import { CSV_READ_CONFIG, csvProblemOf, normalizeLineEnds } from "./csv";

export type CsvWorkerMessage = { kind: "progress"; bytes: number } | { kind: "done"; records: string[][]; problem: string | null };

const CHUNK_BYTES = 64 * 1024;

self.onmessage = async (event: MessageEvent<File>) => {
  const file = event.data;
  const records: string[][] = [];
  const errors: Papa.ParseError[] = [];
  // Line ends are normalized per chunk; a CR LF split across two chunks is two line ends only when the
  // chunk boundary falls between them, and the blank line that makes is skipped.
  let text = "";
  for (let at = 0; at < file.size; at += CHUNK_BYTES) {
    text += await file.slice(at, at + CHUNK_BYTES).text();
    const post: CsvWorkerMessage = { kind: "progress", bytes: Math.min(file.size, at + CHUNK_BYTES) };
    self.postMessage(post);
  }
  const result = Papa.parse<string[]>(normalizeLineEnds(text), CSV_READ_CONFIG);
  records.push(...result.data.filter((r) => r.some((f) => f.trim() !== "")));
  errors.push(...result.errors);
  const done: CsvWorkerMessage = { kind: "done", records, problem: csvProblemOf(errors) };
  self.postMessage(done);
};
