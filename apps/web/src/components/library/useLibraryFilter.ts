import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_LIBRARY_SOURCE,
  LIBRARY_FILTER_FIELDS,
  LIBRARY_RESULT_LIMIT,
  LIBRARY_SIMILARITY,
  LIBRARY_SLIDERS,
  type LibraryFilterField,
  type Range,
} from '@yunyao/contract';
import { useMemo, useState } from 'react';
import { api } from '../../api/endpoints.ts';
import { useDebounced } from '../useDebounced.ts';

const COUNT_DEBOUNCE_MS = 300;

export type Ranges = Record<LibraryFilterField, Range>;

export interface StructureQuery {
  substructure: string;
  similarTo: string;
  similarity: number;
}

/** The precomputed flags and the name search. */
export interface AnnotationQuery {
  noMetal: boolean;
  noPains: boolean;
  name: string;
}

const defaultRanges = (): Ranges =>
  Object.fromEntries(LIBRARY_FILTER_FIELDS.map((f) => [f, [...LIBRARY_SLIDERS[f].default] as Range])) as Ranges;
const noStructure = (): StructureQuery => ({ substructure: '', similarTo: '', similarity: LIBRARY_SIMILARITY.default });
const noAnnotation = (): AnnotationQuery => ({ noMetal: false, noPains: false, name: '' });

/** The query GET /api/molecule/count and /filter take: ranges as "min,max", the flags, name and structure search when given. */
function libraryQuery(source: string, ranges: Ranges, annotation: AnnotationQuery, structure: StructureQuery): Record<string, string> {
  const query: Record<string, string> = { source, ...Object.fromEntries(LIBRARY_FILTER_FIELDS.map((f) => [f, ranges[f].join(',')])) };
  if (annotation.noMetal) query.no_metal = 'true';
  if (annotation.noPains) query.no_pains = 'true';
  if (annotation.name.trim()) query.name = annotation.name.trim();
  if (structure.substructure.trim()) query.substructure = structure.substructure.trim();
  if (structure.similarTo.trim()) Object.assign(query, { similar_to: structure.similarTo.trim(), similarity: String(structure.similarity) });
  return query;
}

/**
 * The molecule-library filter's state: the chosen library, descriptor ranges, flags, name, structure
 * search and limit, with the live count of matching molecules. Shared by the pool page and the
 * "database screening" molecule source of screening modules (whose `mole_query` it builds; that
 * query has no structure search, so `structureSearch: false` leaves it out).
 */
export function useLibraryFilter({ structureSearch: withStructure = true }: { structureSearch?: boolean } = {}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [ranges, setRanges] = useState<Ranges>(defaultRanges);
  const [annotation, setAnnotation] = useState<AnnotationQuery>(noAnnotation);
  const [structure, setStructure] = useState<StructureQuery>(noStructure);
  const [limit, setLimit] = useState<number>(LIBRARY_RESULT_LIMIT);

  const sources = useQuery({ queryKey: ['library', 'sources'], queryFn: api.library.sources });
  const imported = useMemo(() => new Map((sources.data ?? []).map((s) => [s.source, s.count])), [sources.data]);
  // Until the user picks one: the default if it is imported, else the first imported library.
  const source = chosen ?? (imported.has(DEFAULT_LIBRARY_SOURCE) || imported.size === 0 ? DEFAULT_LIBRARY_SOURCE : [...imported.keys()][0]!);
  const features = useQuery({ queryKey: ['library', 'features'], queryFn: api.library.features, enabled: withStructure });
  const similaritySearch = withStructure && features.data?.similarity_search === true;

  const query = useMemo(() => {
    const searched = withStructure ? { ...structure, similarTo: similaritySearch ? structure.similarTo : '' } : noStructure();
    return libraryQuery(source, ranges, annotation, searched);
  }, [source, ranges, annotation, structure, withStructure, similaritySearch]);
  const debouncedQuery = useDebounced(query, COUNT_DEBOUNCE_MS);
  const count = useQuery({
    queryKey: ['library', 'count', debouncedQuery],
    queryFn: () => api.library.count(debouncedQuery),
    enabled: imported.has(debouncedQuery.source!),
    placeholderData: keepPreviousData,
  });

  return {
    sources,
    imported,
    source,
    choose: setChosen,
    sourceReady: imported.has(source),
    noLibrary: sources.isSuccess && imported.size === 0,
    ranges,
    setRange: (field: LibraryFilterField, value: Range) => setRanges((r) => ({ ...r, [field]: value })),
    annotation,
    setAnnotation,
    structureSearch: withStructure,
    similaritySearch,
    structure,
    setStructure,
    limit,
    setLimit,
    query,
    count,
    counting: count.isFetching || debouncedQuery !== query,
    reset() {
      setRanges(defaultRanges());
      setAnnotation(noAnnotation());
      setStructure(noStructure());
      setLimit(LIBRARY_RESULT_LIMIT);
    },
  };
}

export type LibraryFilter = ReturnType<typeof useLibraryFilter>;

/** The filter as the `mole_query` query string screening modules take (source, ranges, structure search, limit). */
export function moleQueryOf(filter: Pick<LibraryFilter, 'query' | 'limit'>): string {
  return new URLSearchParams({ ...filter.query, limit: String(filter.limit) }).toString();
}
