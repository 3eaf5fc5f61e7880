import { ApiError, errors, type LibraryMoleculeRow, type MoleculeCountQuery } from '@yunyao/contract';
import {
  countLibraryMolecules,
  countLibraryStructures,
  filterLibraryMolecules,
  filterLibraryStructures,
  isValidSmiles,
  libraryStructureSearchAvailable,
  libraryMoleculesById,
  parseSubstructure,
  type Db,
  type LibraryFilter,
  type LibraryStructureFilter,
} from '@yunyao/db';
import type { Config } from '@yunyao/platform';
import { substructureMatches } from './library-substructure.service.ts';

type StructureQuery = Pick<MoleculeCountQuery, 'substructure' | 'similar_to' | 'similarity'>;

/**
 * One library query, answered by the RDKit cartridge where the database has it (substructure and similarity),
 * else by plain SQL and, for a substructure, the fingerprint screen and RDKit match.
 */
export class LibrarySearch {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'python' | 'pythonPath'>,
    /** Whether library_structures (the cartridge) exists; settled once migrations have run. */
    readonly cartridge: boolean,
  ) {}

  /** Asks once whether the cartridge exists: call after migrations have run, which settle it for the process. */
  static async open(db: Db, config: Pick<Config, 'python' | 'pythonPath'>): Promise<LibrarySearch> {
    return new LibrarySearch(db, config, await libraryStructureSearchAvailable(db));
  }

  async count(filter: LibraryFilter, structure: StructureQuery): Promise<number> {
    const cartridge = await this.cartridgeFilter(structure);
    if (cartridge) return countLibraryStructures(this.db, filter, cartridge);
    if (structure.substructure) return (await substructureMatches(this.config, this.db, filter, structure.substructure)).length;
    return countLibraryMolecules(this.db, filter);
  }

  async find(filter: LibraryFilter, structure: StructureQuery, limit: number, offset: number): Promise<LibraryMoleculeRow[]> {
    const cartridge = await this.cartridgeFilter(structure);
    if (cartridge) return filterLibraryStructures(this.db, filter, cartridge, limit, offset);
    if (structure.substructure) {
      const ids = await substructureMatches(this.config, this.db, filter, structure.substructure);
      return libraryMoleculesById(this.db, ids.slice(offset, offset + limit));
    }
    return filterLibraryMolecules(this.db, filter, limit, offset);
  }

  /** The structure part for the cartridge, with its patterns checked by the cartridge itself; undefined when it does not take part. */
  private async cartridgeFilter(query: StructureQuery): Promise<LibraryStructureFilter | undefined> {
    if (query.similar_to && !this.cartridge) throw new ApiError(errors.similaritySearchUnavailable);
    if (!this.cartridge || (!query.substructure && !query.similar_to)) return undefined;
    const structure: LibraryStructureFilter = {};
    if (query.substructure) {
      const kind = await parseSubstructure(this.db, query.substructure);
      if (!kind) throw new ApiError(errors.substructureInvalid);
      structure.substructure = { pattern: query.substructure, kind };
    }
    if (query.similar_to) {
      if (!(await isValidSmiles(this.db, query.similar_to))) throw new ApiError(errors.similarSmilesInvalid);
      structure.similarTo = { smiles: query.similar_to, threshold: query.similarity };
    }
    return structure;
  }
}
