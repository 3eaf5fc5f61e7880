import { useQuery } from '@tanstack/react-query';
import type { AdmetEndpointCard, AdmetVerdict } from '@yunyao/contract';
import { api } from '../../api/endpoints.ts';

/** antd's status colours for the three lights. */
export const VERDICT_STATUS: Record<AdmetVerdict, 'success' | 'warning' | 'error'> = { green: 'success', amber: 'warning', red: 'error' };

type Band = AdmetEndpointCard['rule']['favourable'];

/** "< 0.3", "≥ 0.7", "1 – 3", or null for an unbounded band. */
export function bandText([low, high]: Band): string | null {
  if (low !== null && high !== null) return `${low} – ${high}`;
  if (low !== null) return `≥ ${low}`;
  if (high !== null) return `< ${high}`;
  return null;
}

/** The model card of every endpoint by name; read once per session (it changes only with a deploy). */
export function useAdmetModelCard(): Map<string, AdmetEndpointCard> | undefined {
  const { data } = useQuery({ queryKey: ['admet', 'models'], queryFn: () => api.admet.models(), staleTime: Infinity });
  return data ? new Map(data.endpoints.map((e) => [e.name, e])) : undefined;
}
