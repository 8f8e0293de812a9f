import { BULK_SEND_MESSAGES } from "@signet/contract";
import { CsvError, parse } from "csv-parse/sync";
import { AppError } from "../errors/app-error.ts";

/** Control characters no CSV of names and contacts holds (tab, line feed and carriage return are fine). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what the check looks for
const BINARY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

const badFile = (message: string) => new AppError("BAD_REQUEST", message, [{ path: "file", message }]);

/**
 * The uploaded bytes as CSV records (csv-parse): refused unless they are UTF-8 text without
 * control characters (a spreadsheet saved as .xlsx, an image…). Quoted cells may hold commas and
 * line breaks; any mix of CRLF, LF and CR ends records; a byte-order mark is dropped.
 */
export function readBulkSendFile(bytes: Uint8Array): string[][] {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badFile(BULK_SEND_MESSAGES.notText);
  }
  if (BINARY.test(text)) throw badFile(BULK_SEND_MESSAGES.notText);
  if (text.replace(/^\uFEFF/, "").trim() === "") throw badFile(BULK_SEND_MESSAGES.empty);
  try {
    return parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      record_delimiter: ["\r\n", "\n", "\r"],
      max_record_size: 64 * 1024,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw badFile(BULK_SEND_MESSAGES.notCsv(error.message));
    throw error;
  }
}
