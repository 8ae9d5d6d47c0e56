import { BadRequestException, Inject, Injectable, Logger, PayloadTooLargeException } from '@nestjs/common';
import {
  clientReferenceSchema,
  CSV_UPLOAD_MAX_BYTES,
  CSV_UPLOAD_MAX_LISTED_ERRORS,
  MEASUREMENT_MAX_FUTURE_MS,
  type CsvDetectedFormatDto,
  type CsvRowErrorDto,
  type CsvRowErrorReason,
  type CsvUploadQuery,
  type CsvUploadResponseDto,
  type CsvUploadWarningDto,
  type CsvVariableColumnDto,
  MeasurementSources,
} from '@plantlens/contracts';
import { EventPublisher, PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { RetentionPolicy } from '../retention/retention-policy';
import { VariableRepository } from '../variable/variable.repository';
import {
  checkTimeWindow,
  detectDecimalSeparator,
  detectFieldSeparator,
  isProblem,
  parseNumber,
  splitFields,
  type DecimalSeparator,
  type TimeWindow,
} from './csv-format';
import { readCsvLines, type CsvLine } from './csv-lines';
import { detectTimeColumn, detectTimeFormat, isTimeHeader, readTime, ZoneClock } from './csv-time';
import { MeasurementBatcher } from './measurement-batcher';
import { RepeatedTimes } from './repeated-times';

// A CSV line is a timestamp and one cell per variable: 1 MB is thousands of columns.
const MAX_LINE_LENGTH = 1024 * 1024;
// One declaration call of the variables table; more columns than this is not a plant export.
const MAX_VARIABLE_COLUMNS = 10_000;
const MAX_REPORTED_VALUE_LENGTH = 100;
// The format is detected from the first rows, held until then: this many data rows or bytes of text.
const DETECTION_ROWS = 200;
const DETECTION_CHARACTERS = 1024 * 1024;
// Row instants kept to find repeated times: 8 MB outside the heap, a year of 30-second rows.
const TRACKED_ROW_TIMES = 1_000_000;
const SOURCE = MeasurementSources.csvUpload;

/** A variable column of the file and what it held. */
interface VariableColumn extends CsvVariableColumnDto {
  /** its cells are read (false: unknown, skipped) */
  read: boolean;
}

interface FileLayout {
  format: CsvDetectedFormatDto;
  headers: string[];
  /** 0-based index of the time column */
  timeIndex: number;
  /** per 0-based column, the variable column its cells belong to; undefined for time and skipped ones */
  columnAt: (VariableColumn | undefined)[];
  columns: VariableColumn[];
  clock: ZoneClock;
}

class ErrorReport {
  readonly errors: CsvRowErrorDto[] = [];
  readonly byReason: Partial<Record<CsvRowErrorReason, number>> = {};
  count = 0;

  add(line: number, column: number | null, header: string | null, reason: CsvRowErrorReason, value?: string) {
    this.count += 1;
    this.byReason[reason] = (this.byReason[reason] ?? 0) + 1;
    if (this.errors.length >= CSV_UPLOAD_MAX_LISTED_ERRORS) return;
    this.errors.push({
      line,
      column,
      header,
      reason,
      value: value === undefined ? null : value.slice(0, MAX_REPORTED_VALUE_LENGTH),
    });
  }
}

// Reads an uploaded CSV file as it arrives and publishes its points to `measurements`; the writer stores
// them like any other source's. The first rows are held until the format is detected from them; after
// that, memory stays flat whatever the file size: one chunk of lines and the open batches are all it
// holds (and the row instants, bounded). Bad cells and rows go to the error report; the rest is
// published. A dry run reads everything the same way and publishes and declares nothing.
@Injectable()
export class CsvUploadService {
  private readonly logger = new Logger(CsvUploadService.name);

  constructor(
    private readonly variables: VariableRepository,
    private readonly publisher: EventPublisher,
    private readonly retention: RetentionPolicy,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async upload(
    body: AsyncIterable<Buffer | string>,
    options: CsvUploadQuery,
    now = Date.now(),
  ): Promise<CsvUploadResponseDto> {
    const run = new UploadRun(this.variables, options, {
      batcher: options.dryRun
        ? undefined
        : new MeasurementBatcher(this.publisher, SOURCE, this.config.KAFKA_TOPIC_PARTITIONS),
      // Rows outside what the writer stores are reported here instead of being dropped there unseen.
      window: {
        earliestKept: this.retention.rawHorizonMs(now),
        latestAllowed: now + MEASUREMENT_MAX_FUTURE_MS,
      },
      timeZone: options.timeZone ?? this.config.PLANT_TIME_ZONE,
      retentionDays: this.config.RAW_RETENTION_DAYS,
    });
    const held: CsvLine[] = [];
    let heldCharacters = 0;
    let heldRows = 0;
    for await (const lines of readCsvLines(limitBytes(body), MAX_LINE_LENGTH)) {
      if (run.detected) {
        await run.readChunk(lines);
        continue;
      }
      for (const line of lines) {
        held.push(line);
        heldCharacters += line.text.length;
        if (held.length > 1 && line.text.trim().length > 0) heldRows += 1;
      }
      if (heldRows >= DETECTION_ROWS || heldCharacters >= DETECTION_CHARACTERS) {
        await run.detect(held);
        await run.readChunk(held.splice(1));
      }
    }
    if (!run.detected) {
      if (held.length === 0)
        throw new BadRequestException('The file is empty: the first line must be the header');
      await run.detect(held);
      await run.readChunk(held.splice(1));
    }
    const answer = await run.finish();
    this.logger.log(
      `CSV upload${answer.dryRun ? ' (dry run)' : ''}: ${answer.rows} rows, ${answer.points} points, ` +
        `${answer.errorCount} errors`,
    );
    return answer;
  }
}

interface RunSettings {
  /** undefined in a dry run */
  batcher: MeasurementBatcher | undefined;
  window: TimeWindow;
  timeZone: string;
  retentionDays: number;
}

// One upload's reading state.
class UploadRun {
  private readonly report = new ErrorReport();
  private readonly repeats = new RepeatedTimes(TRACKED_ROW_TIMES);
  private layout: FileLayout | undefined;
  private rows = 0;
  private repeatedRows = 0;
  private repeatedPoints = 0;
  private previousTs = Number.NEGATIVE_INFINITY;
  private ambiguousDayMonth = false;
  // A chunk's good points, [column, ts, value] flattened, published once its new variables are declared.
  private chunkPoints: (VariableColumn | number)[] = [];

  constructor(
    private readonly variables: VariableRepository,
    private readonly options: CsvUploadQuery,
    private readonly settings: RunSettings,
  ) {}

  get detected(): boolean {
    return this.layout !== undefined;
  }

  /** Reads the format from the header (the first held line) and the rows held after it. */
  async detect(held: readonly CsvLine[]): Promise<void> {
    const [header, ...sample] = held;
    if (!header || header.tooLong) throw new BadRequestException('The header line is too long');
    const sampleLines = sample
      .filter((line) => !line.tooLong && line.text.trim().length > 0)
      .map(({ text }) => text);
    const fieldSeparator = detectFieldSeparator(header.text, sampleLines);
    const headers = splitFields(header.text, fieldSeparator)?.map((cell) => cell.trim());
    if (!headers) throw new BadRequestException('The header has a quote that is never closed');
    const sampleRows = sampleLines
      .map((text) => splitFields(text, fieldSeparator))
      .filter((cells): cells is string[] => cells?.length === headers.length);
    if (sampleLines.length === 0) throw new BadRequestException('The file has a header and no rows');
    const time = detectTimeColumn(headers, sampleRows);
    if (!time) {
      throw new BadRequestException(
        'No column of the first rows reads as times: the file needs a column of epoch seconds or milliseconds, ' +
          'ISO dates (2026-01-31 08:00:00) or day-first / month-first dates (31/01/2026 08:00)',
      );
    }
    this.ambiguousDayMonth = time.ambiguousDayMonth;
    // The explorer's download writes timestamp and datetime: another column headed and filled as times is
    // the same instant again.
    const isTimeColumn = (index: number) =>
      index === time.index ||
      (isTimeHeader(headers[index] ?? '') &&
        detectTimeFormat(
          sampleRows.map((cells) => cells[index] ?? ''),
          false,
        ) !== undefined);
    const variableIndexes = headers.map((_header, index) => index).filter((index) => !isTimeColumn(index));
    if (variableIndexes.length > MAX_VARIABLE_COLUMNS) {
      throw new BadRequestException(`The file has more than ${MAX_VARIABLE_COLUMNS} variable columns`);
    }
    const decimalSeparator: DecimalSeparator =
      this.options.decimalSeparator === 'auto'
        ? detectDecimalSeparator(
            sampleRows.flatMap((cells) => variableIndexes.map((index) => cells[index] ?? '')),
            fieldSeparator,
          )
        : this.options.decimalSeparator;

    const columns = await this.variableColumns(header.number, headers, variableIndexes);
    const columnAt = headers.map(() => undefined as VariableColumn | undefined);
    for (const column of columns) if (column.read) columnAt[column.column - 1] = column;
    this.layout = {
      format: {
        fieldSeparator,
        decimalSeparator,
        decimalSeparatorFrom: this.options.decimalSeparator === 'auto' ? 'data' : 'option',
        timeColumn: time.index + 1,
        timeHeader: headers[time.index] ?? '',
        timeFormat: time.format,
        timeZone: null,
      },
      headers,
      timeIndex: time.index,
      columnAt,
      columns,
      clock: new ZoneClock(this.settings.timeZone),
    };
  }

  // The variable columns with a valid, first-seen reference, looked up (never declared here: a variable is
  // declared once one of its points is good).
  private async variableColumns(
    headerLine: number,
    headers: readonly string[],
    indexes: readonly number[],
  ): Promise<VariableColumn[]> {
    const firstColumn = new Map<string, number>();
    for (const index of indexes) {
      const header = headers[index] ?? '';
      if (!clientReferenceSchema.safeParse(header).success) {
        this.report.add(headerLine, index + 1, header, 'invalid-reference', header);
      } else if (firstColumn.has(header)) {
        this.report.add(headerLine, index + 1, header, 'duplicate-column', header);
      } else {
        firstColumn.set(header, index);
      }
    }
    const references = [...firstColumn.keys()];
    const lookUpOnly = false;
    const known = new Map(
      references.length === 0
        ? []
        : (
            await this.variables.declareRaw(
              references.map((reference) => ({ clientReference: reference, name: reference, unit: null })),
              lookUpOnly,
            )
          ).map(({ clientReference, id }) => [clientReference, id]),
    );
    const create = this.options.unknownVariables === 'create';
    return [...firstColumn].map(([reference, index]) => {
      const variableId = known.get(reference) ?? null;
      return {
        column: index + 1,
        clientReference: reference,
        variableId,
        // Unknown ones in create mode become created / would-create once they have a good point.
        status: variableId === null ? 'unknown' : 'known',
        read: variableId !== null || create,
        points: 0,
        firstTs: null,
        lastTs: null,
      };
    });
  }

  /** Reads data lines, then declares the variables that got their first good points and publishes them. */
  async readChunk(lines: readonly CsvLine[]): Promise<void> {
    for (const line of lines) {
      if (line.tooLong) {
        this.rows += 1;
        this.report.add(line.number, null, null, 'line-too-long');
      } else if (line.text.trim().length > 0) {
        this.rows += 1;
        this.readRow(line);
      }
    }
    const batcher = this.settings.batcher;
    if (!batcher) {
      this.chunkPoints = [];
      return;
    }
    await this.declareNewVariables();
    const points = this.chunkPoints;
    this.chunkPoints = [];
    for (let index = 0; index < points.length; index += 3) {
      const column = points[index] as VariableColumn;
      batcher.add(column.variableId as number, points[index + 1] as number, points[index + 2] as number);
    }
    await batcher.publishFull();
  }

  private async declareNewVariables(): Promise<void> {
    const layout = this.layout as FileLayout;
    const pending = layout.columns.filter((column) => column.variableId === null && column.points > 0);
    if (pending.length === 0) return;
    const declared = new Map(
      (
        await this.variables.declareRaw(
          pending.map(({ clientReference }) => ({ clientReference, name: clientReference, unit: null })),
        )
      ).map(({ clientReference, id }) => [clientReference, id]),
    );
    for (const column of pending) {
      column.variableId = declared.get(column.clientReference) ?? null;
      column.status = 'created';
    }
  }

  private readRow(line: CsvLine): void {
    const layout = this.layout as FileLayout;
    const cells = splitFields(line.text, layout.format.fieldSeparator);
    if (!cells) return this.report.add(line.number, null, null, 'unterminated-quote');
    if (cells.length !== layout.headers.length)
      return this.report.add(line.number, null, null, 'column-count');
    const timeCell = cells[layout.timeIndex] ?? '';
    const read = readTime(
      timeCell,
      layout.format.timeFormat,
      layout.format.decimalSeparator,
      layout.clock,
      this.previousTs,
    );
    const ts = isProblem(read) ? read : checkTimeWindow(read, this.settings.window);
    if (isProblem(ts)) {
      return this.report.add(
        line.number,
        layout.timeIndex + 1,
        layout.headers[layout.timeIndex] ?? null,
        ts.problem,
        timeCell,
      );
    }
    this.previousTs = ts;
    let goodPoints = 0;
    for (let index = 0; index < cells.length; index += 1) {
      const column = layout.columnAt[index];
      const cell = cells[index] ?? '';
      if (column === undefined || cell.trim().length === 0) continue;
      const value = parseNumber(cell, layout.format.decimalSeparator);
      if (isProblem(value)) {
        this.report.add(line.number, index + 1, layout.headers[index] ?? null, value.problem, cell);
        continue;
      }
      goodPoints += 1;
      column.points += 1;
      column.firstTs = column.firstTs === null ? ts : Math.min(column.firstTs, ts);
      column.lastTs = column.lastTs === null ? ts : Math.max(column.lastTs, ts);
      this.chunkPoints.push(column, ts, value);
    }
    if (this.repeats.seen(ts)) {
      this.repeatedRows += 1;
      this.repeatedPoints += goodPoints;
    }
  }

  async finish(): Promise<CsvUploadResponseDto> {
    const layout = this.layout as FileLayout;
    const batcher = this.settings.batcher;
    await batcher?.flush();
    const dryRun = batcher === undefined;
    const columns: CsvVariableColumnDto[] = layout.columns.map(({ read: _read, ...column }) => ({
      ...column,
      status: dryRun && column.variableId === null && column.points > 0 ? 'would-create' : column.status,
    }));
    const points = columns.reduce((sum, column) => sum + column.points, 0);
    const withPoints = columns.filter((column) => column.firstTs !== null);
    return {
      dryRun,
      format: { ...layout.format, timeZone: layout.clock.used ? layout.clock.zone : null },
      rows: this.rows,
      pointsPublished: batcher?.published ?? 0,
      points,
      firstTs:
        withPoints.length === 0 ? null : Math.min(...withPoints.map((column) => column.firstTs as number)),
      lastTs:
        withPoints.length === 0 ? null : Math.max(...withPoints.map((column) => column.lastTs as number)),
      columns,
      variablesCreated: columns
        .filter((column) => column.status === 'created')
        .map((column) => column.clientReference),
      unknownVariables:
        this.options.unknownVariables === 'report'
          ? columns.filter((column) => column.status === 'unknown').map((column) => column.clientReference)
          : [],
      repeatedPoints: this.repeatedPoints,
      warnings: this.warnings(columns, points),
      errors: this.report.errors,
      errorCount: this.report.count,
      errorsByReason: this.report.byReason,
      truncated: this.report.count > this.report.errors.length,
    };
  }

  private warnings(columns: readonly CsvVariableColumnDto[], points: number): CsvUploadWarningDto[] {
    const warnings: CsvUploadWarningDto[] = [];
    const layout = this.layout as FileLayout;
    const onlyUnknown =
      this.options.unknownVariables === 'report' &&
      columns.length > 0 &&
      columns.every((column) => column.status === 'unknown');
    if (onlyUnknown) {
      warnings.push({
        code: 'only-unknown-columns',
        message:
          `None of the ${columns.length} columns names a variable of the plant, so nothing was read: ` +
          'upload with unknownVariables=create to declare them.',
      });
    } else if (points === 0) {
      warnings.push({ code: 'no-points', message: 'The file holds no good point: see the errors.' });
    }
    const beforeRetention = this.report.byReason['time-before-retention'];
    if (beforeRetention) {
      warnings.push({
        code: 'rows-before-retention',
        message:
          `${beforeRetention} rows are older than the raw data the plant keeps ` +
          `(RAW_RETENTION_DAYS=${this.settings.retentionDays}, before ` +
          `${new Date(this.settings.window.earliestKept).toISOString()}) and were skipped: ` +
          'RAW_RETENTION_DAYS=0 keeps history forever.',
      });
    }
    if (this.repeatedRows > 0) {
      warnings.push({
        code: 'repeated-times',
        message:
          `${this.repeatedRows} rows (${this.repeatedPoints} points) repeat the time of an earlier row: ` +
          "the later row's values were kept.",
      });
    }
    if (this.repeats.untracked > 0) {
      warnings.push({
        code: 'repeats-not-tracked',
        message: `Repeated times are checked over the first ${TRACKED_ROW_TIMES} rows only; ${this.repeats.untracked} later rows were not checked.`,
      });
    }
    if (this.ambiguousDayMonth) {
      warnings.push({
        code: 'ambiguous-day-month',
        message: `The dates of column ${layout.format.timeColumn} read either way (day/month or month/day): day first was assumed.`,
      });
    }
    return warnings;
  }
}

export function fileTooLarge(): PayloadTooLargeException {
  return new PayloadTooLargeException(`The file exceeds ${CSV_UPLOAD_MAX_BYTES / 1024 ** 2} MB`);
}

// Fastify's body limit does not apply to a streamed body: the uploader keeps its own.
async function* limitBytes(body: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer | string> {
  let received = 0;
  for await (const chunk of body) {
    received += chunk.length;
    if (received > CSV_UPLOAD_MAX_BYTES) throw fileTooLarge();
    yield chunk;
  }
}
