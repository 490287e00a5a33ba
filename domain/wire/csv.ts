// CSV text for every file the product writes (exports, sample device configurations): RFC 4180 quoting, and cells
// neutralised against formula injection as OWASP advises ("CSV Injection"): a text cell starting with `=`, `+`, `-`,
// `@`, a tab or a carriage return is prefixed with a single quote, so a spreadsheet shows it as text instead of
// running it (a nickname of `=HYPERLINK(...)` would otherwise be a live link in whoever opens the export).
// Numbers stay numbers: a cell that is a plain decimal number (a negative longitude) cannot be a formula.

export type CsvCell = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** The cell's text as a spreadsheet must read it: formula-like text made inert. */
export function neutralisedCell(cell: CsvCell): string {
  if (cell === null) return '';
  const text = String(cell);
  if (typeof cell !== 'string' || PLAIN_NUMBER.test(text) || !FORMULA_START.test(text)) return text;
  return `'${text}`;
}

/** One cell: neutralised, then quoted when it holds a comma, quote or line break (quotes doubled). */
export function csvCell(cell: CsvCell): string {
  const text = neutralisedCell(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, ended with CRLF. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
