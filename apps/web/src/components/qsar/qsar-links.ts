/** The QSAR prediction page with a registry model chosen (the build page's registry and result link here). */
export const predictLink = (tunaId: number) => `/calculate/qsarApply?tuna_id=${tunaId}`;

/** The model a prediction link names: a positive whole number, else none. */
export function tunaIdOf(search: URLSearchParams): number | null {
  const raw = search.get('tuna_id');
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
