/** A number with fixed decimals and its unit, or a dash when the engine gave none. */
export const fixed = (v: number | null | undefined, digits: number, unit?: string): string =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : `${v.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
