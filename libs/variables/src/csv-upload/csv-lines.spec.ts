import { Readable } from 'node:stream';
import { readCsvLines, type CsvLine } from './csv-lines';

async function collect(chunks: (Buffer | string)[], maxLineLength = 1_000): Promise<CsvLine[]> {
  const lines: CsvLine[] = [];
  for await (const batch of readCsvLines(Readable.from(chunks), maxLineLength)) lines.push(...batch);
  return lines;
}

const texts = (lines: CsvLine[]) => lines.map((line) => line.text);

describe('readCsvLines', () => {
  it('splits LF and CRLF lines and numbers them from 1', async () => {
    const lines = await collect([Buffer.from('a;b\r\n1;2\n3;4\r\n')]);
    expect(lines).toEqual([
      { number: 1, text: 'a;b', tooLong: false },
      { number: 2, text: '1;2', tooLong: false },
      { number: 3, text: '3;4', tooLong: false },
    ]);
  });

  it('keeps a last line without a line break and counts blank lines', async () => {
    expect(texts(await collect([Buffer.from('a\n\nb')]))).toEqual(['a', '', 'b']);
  });

  it('drops the UTF-8 byte order mark, even when split over chunks', async () => {
    const file = Buffer.from('\uFEFFtimestamp;x\n1;2\n');
    expect(texts(await collect([file.subarray(0, 2), file.subarray(2)]))).toEqual(['timestamp;x', '1;2']);
  });

  it('joins lines and multi-byte characters cut between chunks', async () => {
    const file = Buffer.from('datetime;señal\r\n2026-01-01;1,5\r\n');
    const chunks = Array.from({ length: file.length }, (_, index) => file.subarray(index, index + 1));
    expect(texts(await collect(chunks))).toEqual(['datetime;señal', '2026-01-01;1,5']);
  });

  it('reports a line longer than the limit without holding it, then goes on', async () => {
    const long = 'x'.repeat(50);
    const lines = await collect([`a\n${long.slice(0, 25)}`, `${long.slice(25)}\nb\n`, 'y'.repeat(40)], 20);
    expect(lines).toEqual([
      { number: 1, text: 'a', tooLong: false },
      { number: 2, text: '', tooLong: true },
      { number: 3, text: 'b', tooLong: false },
      { number: 4, text: '', tooLong: true },
    ]);
  });
});
