import { StringDecoder } from 'node:string_decoder';

export interface CsvLine {
  /** 1-based line number in the file */
  number: number;
  text: string;
  /** the line exceeded the length limit: its text is dropped, only its number is kept */
  tooLong: boolean;
}

const BYTE_ORDER_MARK = '\uFEFF';

// Splits a byte stream into lines, holding at most one partial line between chunks, so memory does not
// grow with the file. Lines end in LF or CRLF; a UTF-8 byte order mark at the start is dropped. A line
// longer than maxLineLength (a binary file, a file without line breaks) is reported, not accumulated.
// Lines come out in arrays, one per chunk, to keep the per-line cost of async iteration away.
export async function* readCsvLines(
  chunks: AsyncIterable<Buffer | string>,
  maxLineLength: number,
): AsyncGenerator<CsvLine[]> {
  const decoder = new StringDecoder('utf8');
  let partial = '';
  let number = 1;
  let skippingTooLong = false;
  let atStart = true;

  const finish = (text: string): CsvLine => {
    const line = skippingTooLong
      ? { number, text: '', tooLong: true }
      : { number, text: text.endsWith('\r') ? text.slice(0, -1) : text, tooLong: false };
    skippingTooLong = false;
    number += 1;
    return line;
  };

  for await (const chunk of chunks) {
    let text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (atStart && text.length > 0) {
      if (text.startsWith(BYTE_ORDER_MARK)) text = text.slice(1);
      atStart = false;
    }
    const lines: CsvLine[] = [];
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      lines.push(finish(partial + text.slice(start, end)));
      partial = '';
      start = end + 1;
    }
    if (!skippingTooLong) partial += text.slice(start);
    if (partial.length > maxLineLength) {
      skippingTooLong = true;
      partial = '';
    }
    if (lines.length > 0) yield lines;
  }
  const rest = partial + decoder.end();
  if (rest.length > 0 || skippingTooLong) yield [finish(rest)];
}
