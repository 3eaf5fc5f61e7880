import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/endpoints.ts';

/** Which of the Rosetta and VASP engines the operator configured (GET /api/licensed/engines). */
export function useLicensedEngines() {
  return useQuery({ queryKey: ['licensed', 'engines'], queryFn: api.licensed.engines, staleTime: 5 * 60_000 });
}
