import { Inject, Injectable } from '@nestjs/common';
import { VALVE_SIGNAL_NAMES, type ValveSignalName } from '@plantlens/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { ValveMonitorRepository, type VariableSignalRow } from './valve-monitor.repository';
import { ValveSignalClient } from './valve-signal.client';

export interface ValveSignal {
  asset: string;
  signal: ValveSignalName;
}

const SIGNAL_NAMES: ReadonlySet<string> = new Set(VALVE_SIGNAL_NAMES);

// Which variable ids are valve signals (client reference `<asset>_<signal>` of a valve of valves.asset).
// Each id is asked of the variables service once and remembered in valves.variable_signal, valve or not.
// An id the service does not know (yet) is not remembered: its points are dropped and it is asked again
// after VALVES_UNKNOWN_VARIABLE_RETRY_SECONDS, so a variable declared later is still recognised. The cache
// keeps client references, so a valve added to valves.asset later is recognised at the next start.
@Injectable()
export class ValveSignalCatalog {
  private assets = new Set<string>();
  private readonly signals = new Map<number, ValveSignal | null>();
  private readonly askAgainAt = new Map<number, number>();
  private asking: Promise<void> = Promise.resolve();

  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly repository: ValveMonitorRepository,
    private readonly client: ValveSignalClient,
  ) {}

  async load(): Promise<void> {
    this.assets = new Set(await this.repository.assetIds());
    const stale: VariableSignalRow[] = [];
    for (const row of await this.repository.variableSignals()) {
      const signal = this.parse(row.clientReference);
      this.signals.set(row.variableId, signal);
      if ((signal?.asset ?? null) !== row.asset || (signal?.signal ?? null) !== row.signal) {
        stale.push(toRow(row.variableId, row.clientReference, signal));
      }
    }
    await this.repository.saveVariableSignals(stale);
  }

  /** The valve signal of an id; null when it is not one; undefined when not known yet (see `learn`). */
  signalOf(variableId: number): ValveSignal | null | undefined {
    return this.signals.get(variableId);
  }

  /**
   * Asks the variables service about ids not known yet (once each; one question at a time). Throws when the
   * service cannot be asked, so the message is redelivered.
   */
  learn(ids: number[]): Promise<void> {
    const next = this.asking.catch(() => undefined).then(() => this.ask(ids));
    this.asking = next;
    return next;
  }

  private async ask(ids: number[]): Promise<void> {
    const now = Date.now();
    const unknown = [...new Set(ids)].filter(
      (id) => !this.signals.has(id) && (this.askAgainAt.get(id) ?? 0) <= now,
    );
    if (unknown.length === 0) return;
    const references = await this.client.clientReferences(unknown);
    const rows: VariableSignalRow[] = [];
    for (const id of unknown) {
      const reference = references.get(id);
      if (reference === undefined) {
        this.askAgainAt.set(id, now + this.config.VALVES_UNKNOWN_VARIABLE_RETRY_SECONDS * 1000);
        continue;
      }
      rows.push(toRow(id, reference, this.parse(reference)));
    }
    await this.repository.saveVariableSignals(rows);
    for (const row of rows) {
      this.askAgainAt.delete(row.variableId);
      this.signals.set(
        row.variableId,
        row.asset === null ? null : { asset: row.asset, signal: row.signal as ValveSignalName },
      );
    }
  }

  private parse(clientReference: string): ValveSignal | null {
    const cut = clientReference.lastIndexOf('_');
    const asset = clientReference.slice(0, cut);
    const signal = clientReference.slice(cut + 1);
    return cut > 0 && this.assets.has(asset) && SIGNAL_NAMES.has(signal)
      ? { asset, signal: signal as ValveSignalName }
      : null;
  }
}

function toRow(variableId: number, clientReference: string, signal: ValveSignal | null): VariableSignalRow {
  return { variableId, clientReference, asset: signal?.asset ?? null, signal: signal?.signal ?? null };
}
