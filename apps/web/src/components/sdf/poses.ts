/** One docked pose from the task's `poses.sdf` (each record carries ID, pocket, ligand, rank and score as SD properties). */
export interface DockedPose {
  id: string;
  pocket: string;
  rank: number;
  score: number;
  /** The record as an SDF block, ready for 3Dmol.js. */
  molblock: string;
}

/** An SD property's first value line. */
export function sdProperty(record: string, name: string): string | undefined {
  const match = new RegExp(`^>\\s*<${name}>[^\\n]*\\n([^\\n]*)`, 'm').exec(record);
  return match?.[1]?.trim();
}

/** The records of an SDF text, each ending in `$$$$` as 3Dmol.js reads it. */
export function sdfRecords(sdf: string): string[] {
  return sdf
    .split(/^\$\$\$\$\r?$/m)
    .map((chunk) => chunk.replace(/^\r?\n/, ''))
    .filter((record) => record.trim())
    .map((record) => `${record.trimEnd()}\n$$$$\n`);
}

/**
 * Splits poses.sdf into poses grouped by result ID, each group in rank order. Reading the
 * few SD properties by hand is enough here; a full SDF parser (RDKit.js) would cost the
 * dialog a WebAssembly load for no gain.
 */
export function posesById(sdf: string): Map<string, DockedPose[]> {
  const byId = new Map<string, DockedPose[]>();
  for (const record of sdfRecords(sdf)) {
    const id = sdProperty(record, 'ID');
    if (!id) continue;
    const pose: DockedPose = {
      id,
      pocket: sdProperty(record, 'pocket') ?? '',
      rank: Number(sdProperty(record, 'rank') ?? 0),
      score: Number(sdProperty(record, 'score') ?? NaN),
      molblock: record,
    };
    const list = byId.get(id) ?? [];
    list.push(pose);
    byId.set(id, list);
  }
  for (const list of byId.values()) list.sort((a, b) => a.rank - b.rank);
  return byId;
}
