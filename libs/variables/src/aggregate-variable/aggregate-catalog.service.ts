import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { aggregateDefinitionSchema, type AggregateDefinition } from '@plantlens/contracts';
import { Database, PeriodicJob } from '@plantlens/platform';
import type { VariablesDb } from '../database/variables-database';

export interface AggregateEntry {
  variableId: number;
  definition: AggregateDefinition;
  inputIds: number[];
}

// Another replica's change reaches this one within this delay; this replica's own changes at once (reload).
export const AGGREGATE_CATALOG_RELOAD_MS = 10_000;

/**
 * Every aggregate variable's calculation, held in memory and indexed by input: what the live calculator
 * looks up for each consumed point. Reloaded from the database whenever this process changes an
 * aggregate (`reload`), and periodically for changes made by other replicas.
 */
@Injectable()
export class AggregateCatalog implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AggregateCatalog.name);
  private readonly db: VariablesDb;
  private byVariable = new Map<number, AggregateEntry>();
  private byInput = new Map<number, AggregateEntry[]>();
  private readonly job: PeriodicJob<void>;
  // Reload requests and the latest request a completed load has seen: a load already running when a
  // change commits may have read before it, so the request waits for a load that starts after it.
  private requested = 0;
  private loaded = 0;

  constructor(database: Database) {
    this.db = database.kysely as VariablesDb;
    this.job = new PeriodicJob({
      everyMs: AGGREGATE_CATALOG_RELOAD_MS,
      run: () => this.load(),
      onError: (error) =>
        this.logger.warn(`Aggregate catalog not reloaded: ${error instanceof Error ? error.message : error}`),
    });
  }

  // Awaited before the consumers start (after the migrations), so no point is read with an empty index.
  async onApplicationBootstrap(): Promise<void> {
    await this.load();
    this.job.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.job.stop();
  }

  /** Reads every definition again; resolves once an index read after this call is in place. */
  async reload(): Promise<void> {
    const request = ++this.requested;
    while (this.loaded < request) await this.job.runNow();
  }

  get(variableId: number): AggregateEntry | undefined {
    return this.byVariable.get(variableId);
  }

  isAggregate(variableId: number): boolean {
    return this.byVariable.has(variableId);
  }

  /** The aggregates that read the variable directly. */
  readersOf(variableId: number): readonly AggregateEntry[] {
    return this.byInput.get(variableId) ?? [];
  }

  all(): IterableIterator<AggregateEntry> {
    return this.byVariable.values();
  }

  private async load(): Promise<void> {
    const request = this.requested;
    const rows = await this.db
      .selectFrom('variables.aggregate_variable')
      .select(['variable_id', 'definition', 'input_ids'])
      .execute();
    const byVariable = new Map<number, AggregateEntry>();
    const byInput = new Map<number, AggregateEntry[]>();
    for (const row of rows) {
      const definition = aggregateDefinitionSchema.safeParse(row.definition);
      if (!definition.success) {
        this.logger.error(
          `Aggregate variable ${row.variable_id} has an unreadable definition; it is skipped`,
        );
        continue;
      }
      const entry = { variableId: row.variable_id, definition: definition.data, inputIds: row.input_ids };
      byVariable.set(entry.variableId, entry);
      for (const input of entry.inputIds) byInput.set(input, [...(byInput.get(input) ?? []), entry]);
    }
    this.byVariable = byVariable;
    this.byInput = byInput;
    this.loaded = Math.max(this.loaded, request);
  }
}
