/**
 * Public molecule sets the platform knows how to import from the shared datasets folder (the
 * YUNYAO_DATASETS setting; the files are read in place, never copied into the repository), with the
 * attribution their licence asks for. The library page shows it next to the source and the docs repeat it.
 */
export interface LibraryDataset {
  /** The file under YUNYAO_DATASETS. */
  path: string;
  /** The CSV column holding the names shown and searched. */
  nameColumn: string;
  /** `COLUMN~TEXT`: only rows whose column contains the text are imported. */
  keep?: string;
  /** What was imported, in both languages. */
  description: { zh: string; en: string };
  attribution: { origin: string; url: string; licence: string; licenceUrl: string; citation: string };
}

export const LIBRARY_DATASETS: Partial<Record<string, LibraryDataset>> = {
  // DrugCentral's approval lists cover FDA, EMA and PMDA; the spec's `fda` library is the FDA-approved rows.
  fda: {
    path: 'approved-drugs/approved_drugs.csv',
    nameColumn: 'name',
    keep: 'source~FDA',
    description: {
      zh: 'DrugCentral 收录的 FDA 批准药物（1,928 个结构，截至 2017 年中）',
      en: 'FDA-approved drugs in DrugCentral (1,928 structures, up to mid-2017)',
    },
    attribution: {
      origin: 'DrugCentral 2023',
      url: 'https://drugcentral.org',
      licence: 'CC BY-SA 4.0',
      licenceUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
      citation:
        'Avram S, et al. DrugCentral 2023 extends human clinical data and integrates veterinary drugs. Nucleic Acids Res 51(D1):D1276–D1287 (2023). doi:10.1093/nar/gkac1085',
    },
  },
};

/** The staff command that imports a library: the known datasets by name, any other from a file. */
export function libraryImportCommand(source: string): string {
  return LIBRARY_DATASETS[source] ? `npm run ops -- library:import-dataset ${source}` : `npm run ops -- library:import --source ${source} FILE`;
}
