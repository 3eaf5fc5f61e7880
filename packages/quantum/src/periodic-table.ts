/** Element symbols by atomic number (index 0 is Z = 1), H through Og. */
export const ELEMENT_SYMBOLS = [
  'H', 'He', 'Li', 'Be', 'B', 'C', 'N', 'O', 'F', 'Ne', 'Na', 'Mg', 'Al', 'Si', 'P', 'S', 'Cl', 'Ar',
  'K', 'Ca', 'Sc', 'Ti', 'V', 'Cr', 'Mn', 'Fe', 'Co', 'Ni', 'Cu', 'Zn', 'Ga', 'Ge', 'As', 'Se', 'Br', 'Kr',
  'Rb', 'Sr', 'Y', 'Zr', 'Nb', 'Mo', 'Tc', 'Ru', 'Rh', 'Pd', 'Ag', 'Cd', 'In', 'Sn', 'Sb', 'Te', 'I', 'Xe',
  'Cs', 'Ba', 'La', 'Ce', 'Pr', 'Nd', 'Pm', 'Sm', 'Eu', 'Gd', 'Tb', 'Dy', 'Ho', 'Er', 'Tm', 'Yb', 'Lu',
  'Hf', 'Ta', 'W', 'Re', 'Os', 'Ir', 'Pt', 'Au', 'Hg', 'Tl', 'Pb', 'Bi', 'Po', 'At', 'Rn',
  'Fr', 'Ra', 'Ac', 'Th', 'Pa', 'U', 'Np', 'Pu', 'Am', 'Cm', 'Bk', 'Cf', 'Es', 'Fm', 'Md', 'No', 'Lr',
  'Rf', 'Db', 'Sg', 'Bh', 'Hs', 'Mt', 'Ds', 'Rg', 'Cn', 'Nh', 'Fl', 'Mc', 'Lv', 'Ts', 'Og',
] as const;

const numberBySymbol = new Map<string, number>(ELEMENT_SYMBOLS.map((symbol, i) => [symbol.toLowerCase(), i + 1]));

/** Canonical symbol (`CL` → `Cl`, `6` → `C`) or null when it names no element. */
export function normaliseElement(raw: string): string | null {
  if (/^\d+$/.test(raw)) return ELEMENT_SYMBOLS[Number(raw) - 1] ?? null;
  const z = numberBySymbol.get(raw.toLowerCase());
  return z === undefined ? null : ELEMENT_SYMBOLS[z - 1]!;
}

/** Atomic number of a canonical symbol (0 when unknown, so sums stay numbers). */
export function atomicNumber(symbol: string): number {
  return numberBySymbol.get(symbol.toLowerCase()) ?? 0;
}
