import type { EngineDeclaration, ModuleEngines } from '@yunyao/modules/engines';

export interface CatalogueEntry {
  engine: EngineDeclaration;
  /** The codes of the modules (or `platform`) that declare the engine, in declaration order. */
  usedBy: string[];
}

/**
 * Every engine of the given declarations, keyed by id, in the order they are first declared. An
 * engine several modules run is declared once (packages/modules/shared/engines.ts) and listed by
 * each: two different declarations under one id are refused, since the probe would depend on
 * which module came first.
 */
export function buildEngineCatalogue(sets: readonly ModuleEngines[]): ReadonlyMap<string, CatalogueEntry> {
  const catalogue = new Map<string, CatalogueEntry>();
  for (const set of sets) {
    for (const engine of set.engines) {
      const entry = catalogue.get(engine.id);
      if (!entry) catalogue.set(engine.id, { engine, usedBy: [set.code] });
      else if (entry.engine !== engine) throw new Error(`engine ${engine.id} is declared twice (by ${entry.usedBy[0]} and ${set.code}): declare it once in packages/modules/shared/engines.ts and list it in both`);
      else if (!entry.usedBy.includes(set.code)) entry.usedBy.push(set.code);
    }
  }
  return catalogue;
}
