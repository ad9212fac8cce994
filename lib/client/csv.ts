// CSV through papaparse, the portal's one CSV reader and writer: a byte order mark is dropped, quoted
// fields (with delimiters, doubled quotes and line breaks inside) are kept whole, the delimiter is
// found among comma, semicolon, tab and pipe (spreadsheets in many locales write semicolons), CR LF,
// LF and CR line ends may mix, and blank lines carry nothing. Large files are parsed in a web worker
// with progress (csv-file.ts). Written files are RFC 4180 (CRLF), and a cell that a spreadsheet would
// run as a formula is defused with a leading apostrophe.
import Papa from "papaparse";

export const CSV_DELIMITERS = [",", ";", "\t", "|"];

/** Papaparse's settings for reading: the same on the main thread and in the worker. */
export const CSV_READ_CONFIG = { skipEmptyLines: "greedy", delimitersToGuess: CSV_DELIMITERS, newline: "\n" } as const;

/** Line ends as LF, so a file that mixes them is read as its lines (papaparse takes the first one it sees). */
export const normalizeLineEnds = (text: string) => text.replace(/\r\n?/g, "\n");

export type CsvRecords = { records: string[][]; problem: string | null };

/** Problems papaparse reports that make the records unreliable (an unclosed quote); a guessed delimiter in a one-column file is none. */
export function csvProblemOf(errors: readonly Papa.ParseError[]): string | null {
  const bad = errors.find((e) => e.type === "Quotes" || e.code === "InvalidQuotes" || e.code === "MissingQuotes");
  return bad ? `The CSV file is malformed near row ${(bad.row ?? 0) + 1}: ${bad.message}.` : null;
}

export function parseCsvText(text: string): CsvRecords {
  const result = Papa.parse<string[]>(normalizeLineEnds(text), CSV_READ_CONFIG);
  return { records: result.data.filter((r) => r.some((f) => f.trim() !== "")), problem: csvProblemOf(result.errors) };
}

/** A leading =, +, -, @, tab or carriage return makes spreadsheets evaluate the cell. */
const defused = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** Rows as an RFC 4180 file: CRLF line ends, quotes where a cell needs them, formulas defused. */
export function writeCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return Papa.unparse({ fields: header.map(defused), data: rows.map((row) => row.map(defused)) }, { newline: "\r\n", quotes: false, escapeFormulae: false }) + "\r\n";
}
