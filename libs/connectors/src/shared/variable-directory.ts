import type { VariableDeclarationClient } from '@plantlens/platform';

// How long a reference found to name no variable is believed before the variables service is asked
// again (an administrator may have created it meanwhile).
const RECHECK_MISSING_MS = 60_000;

/**
 * Client reference → variable id, asked of the variables service once per reference. With
 * declareUnknown, references seen for the first time become new variables (named after the reference).
 */
export class VariableDirectory {
  private readonly ids = new Map<string, number>();
  private readonly missingUntil = new Map<string, number>();

  constructor(
    private readonly declarations: Pick<VariableDeclarationClient, 'declare'>,
    private readonly declareUnknown: boolean,
  ) {}

  async resolve(references: string[], now = Date.now()): Promise<Map<string, number>> {
    const unresolved = references.filter(
      (reference) => !this.ids.has(reference) && (this.missingUntil.get(reference) ?? 0) <= now,
    );
    if (unresolved.length > 0) {
      const found = await this.declarations.declare(
        unresolved.map((reference) => ({ clientReference: reference, name: reference, unit: null })),
        { createMissing: this.declareUnknown },
      );
      for (const reference of unresolved) {
        const id = found.get(reference);
        if (id === undefined) {
          this.missingUntil.set(reference, now + RECHECK_MISSING_MS);
        } else {
          this.ids.set(reference, id);
          this.missingUntil.delete(reference);
        }
      }
    }
    const known = new Map<string, number>();
    for (const reference of references) {
      const id = this.ids.get(reference);
      if (id !== undefined) known.set(reference, id);
    }
    return known;
  }
}
