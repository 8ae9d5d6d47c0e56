import { BadRequestException, Inject, Injectable, Logger, PayloadTooLargeException } from '@nestjs/common';
import {
  clientReferenceSchema,
  CSV_UPLOAD_MAX_BYTES,
  CSV_UPLOAD_MAX_LISTED_ERRORS,
  MEASUREMENT_MAX_FUTURE_MS,
  type CsvRowErrorDto,
  type CsvRowErrorReason,
  type CsvUploadQuery,
  type CsvUploadResponseDto,
} from '@plantlens/contracts';
import { EventPublisher, PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { RetentionPolicy } from '../retention/retention-policy';
import { VariableRepository } from '../variable/variable.repository';
import {
  detectFieldSeparator,
  isProblem,
  parseNumber,
  parseRowTime,
  resolveDecimalSeparator,
  splitFields,
  type DecimalSeparator,
  type FieldSeparator,
  type TimeColumn,
  type TimeWindow,
} from './csv-format';
import { readCsvLines, type CsvLine } from './csv-lines';
import { MeasurementBatcher } from './measurement-batcher';

// A CSV line is a timestamp and one cell per variable: 1 MB is thousands of columns.
const MAX_LINE_LENGTH = 1024 * 1024;
// One declaration call of the variables table; more columns than this is not a plant export.
const MAX_VARIABLE_COLUMNS = 10_000;
const MAX_REPORTED_VALUE_LENGTH = 100;
const SOURCE = 'csv-upload';

interface FileLayout {
  fieldSeparator: FieldSeparator;
  decimal: DecimalSeparator;
  timeColumn: TimeColumn;
  headers: string[];
  /** per column, the variable its cells belong to; undefined for the time and skipped columns */
  variableIds: (number | undefined)[];
}

type VariableOutcome = Pick<CsvUploadResponseDto, 'variablesCreated' | 'unknownVariables'>;

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
// them like any other source's. Memory stays flat whatever the file size: one chunk of lines and the
// open batches are all it holds. Bad cells and rows go to the error report; the rest is published.
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
    const report = new ErrorReport();
    const batcher = new MeasurementBatcher(this.publisher, SOURCE, this.config.KAFKA_TOPIC_PARTITIONS);
    const summary: VariableOutcome & { rows: number } = {
      rows: 0,
      variablesCreated: [],
      unknownVariables: [],
    };
    let layout: FileLayout | undefined;
    // Rows outside what the writer stores are reported here instead of being dropped there unseen.
    const window: TimeWindow = {
      earliestKept: this.retention.rawHorizonMs(now),
      latestAllowed: now + MEASUREMENT_MAX_FUTURE_MS,
    };

    for await (const lines of readCsvLines(limitBytes(body), MAX_LINE_LENGTH)) {
      for (const line of lines) {
        if (!layout) {
          layout = await this.readHeader(line, options, report, summary);
          continue;
        }
        if (line.tooLong) {
          summary.rows += 1;
          report.add(line.number, null, null, 'line-too-long');
        } else if (line.text.trim().length > 0) {
          summary.rows += 1;
          this.readRow(line, layout, report, batcher, window);
        }
      }
      await batcher.publishFull();
    }
    if (!layout) throw new BadRequestException('The file is empty: the first line must be the header');
    await batcher.flush();
    this.logger.log(
      `CSV upload: ${summary.rows} rows, ${batcher.published} points published, ${report.count} errors`,
    );
    return {
      dryRun: false,
      format: {
        fieldSeparator: layout.fieldSeparator,
        decimalSeparator: layout.decimal,
        decimalSeparatorFrom: options.decimalSeparator === 'auto' ? 'data' : 'option',
        timeColumn: 1,
        timeHeader: layout.headers[0] ?? '',
        timeFormat: layout.timeColumn === 'timestamp' ? 'epoch-seconds' : 'iso',
        timeZone: layout.timeColumn === 'timestamp' ? null : 'UTC',
      },
      ...summary,
      pointsPublished: batcher.published,
      points: batcher.published,
      firstTs: null,
      lastTs: null,
      columns: [],
      repeatedPoints: 0,
      warnings: [],
      errors: report.errors,
      errorCount: report.count,
      errorsByReason: report.byReason,
      truncated: report.count > report.errors.length,
    };
  }

  private async readHeader(
    line: CsvLine,
    options: CsvUploadQuery,
    report: ErrorReport,
    summary: VariableOutcome,
  ): Promise<FileLayout> {
    if (line.tooLong) throw new BadRequestException('The header line is too long');
    const fieldSeparator = detectFieldSeparator(line.text);
    const headers = splitFields(line.text, fieldSeparator)?.map((header) => header.trim());
    if (!headers) throw new BadRequestException('The header has a quote that is never closed');
    const timeColumn = headers[0]?.toLowerCase();
    if (timeColumn !== 'timestamp' && timeColumn !== 'datetime') {
      throw new BadRequestException(
        'The first column of the header must be "timestamp" (epoch seconds or milliseconds) or "datetime"',
      );
    }
    // The explorer's download writes both timestamp and datetime: the second time column is redundant.
    const otherTime = timeColumn === 'timestamp' ? 'datetime' : 'timestamp';
    const isTimeColumn = (header: string, index: number) =>
      index === 0 || (index === 1 && header.toLowerCase() === otherTime);
    if (headers.length - 1 > MAX_VARIABLE_COLUMNS) {
      throw new BadRequestException(`The file has more than ${MAX_VARIABLE_COLUMNS} variable columns`);
    }

    const references = new Map<string, number>();
    headers.forEach((header, index) => {
      if (isTimeColumn(header, index)) return;
      if (!clientReferenceSchema.safeParse(header).success) {
        report.add(line.number, index + 1, header, 'invalid-reference', header);
      } else if (references.has(header)) {
        report.add(line.number, index + 1, header, 'duplicate-column', header);
      } else {
        references.set(header, index);
      }
    });
    const ids = await this.resolveVariables([...references.keys()], options, summary);

    return {
      fieldSeparator,
      decimal: resolveDecimalSeparator(options.decimalSeparator, fieldSeparator),
      timeColumn,
      headers,
      // A repeated header's later column is not the one in `references`, so it maps to no variable.
      variableIds: headers.map((header, index) =>
        !isTimeColumn(header, index) && references.get(header) === index ? ids.get(header) : undefined,
      ),
    };
  }

  // Client reference → variable id for the file's columns, declaring the missing ones when asked to.
  private async resolveVariables(
    references: string[],
    options: CsvUploadQuery,
    summary: VariableOutcome,
  ): Promise<Map<string, number>> {
    if (references.length === 0) return new Map();
    const declarations = references.map((reference) => ({
      clientReference: reference,
      name: reference,
      unit: null,
    }));
    // Looked up first, so that the answer can tell which variables this upload created.
    const lookUpOnly = false;
    const known = new Map(
      (await this.variables.declareRaw(declarations, lookUpOnly)).map(({ clientReference, id }) => [
        clientReference,
        id,
      ]),
    );
    const missing = references.filter((reference) => !known.has(reference));
    if (missing.length === 0) return known;
    if (options.unknownVariables === 'report') {
      summary.unknownVariables.push(...missing);
      return known;
    }
    const declared = await this.variables.declareRaw(
      declarations.filter((declaration) => !known.has(declaration.clientReference)),
    );
    for (const { clientReference, id } of declared) known.set(clientReference, id);
    summary.variablesCreated.push(...missing);
    return known;
  }

  private readRow(
    line: CsvLine,
    layout: FileLayout,
    report: ErrorReport,
    batcher: MeasurementBatcher,
    window: TimeWindow,
  ): void {
    const cells = splitFields(line.text, layout.fieldSeparator);
    if (!cells) return report.add(line.number, null, null, 'unterminated-quote');
    if (cells.length !== layout.headers.length) return report.add(line.number, null, null, 'column-count');
    const timeCell = cells[0] ?? '';
    const ts = parseRowTime(timeCell, layout.timeColumn, layout.decimal, window);
    if (isProblem(ts)) return report.add(line.number, 1, layout.headers[0] ?? null, ts.problem, timeCell);
    for (let index = 1; index < cells.length; index += 1) {
      const variableId = layout.variableIds[index];
      const cell = cells[index] ?? '';
      if (variableId === undefined || cell.trim().length === 0) continue;
      const value = parseNumber(cell, layout.decimal);
      if (isProblem(value))
        report.add(line.number, index + 1, layout.headers[index] ?? null, value.problem, cell);
      else batcher.add(variableId, ts, value);
    }
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
