import { z } from 'zod';

/**
 * A supercomputer node of the terminal direct connection (the spec's `beijing`, `bianshui`) whose
 * Slurm the platform reads: users' accounts become Slurm associations there, and their jobs are
 * read back from its accounting (`sacct`) and charged once each.
 */
export interface HpcCluster {
  node: 'beijing' | 'bianshui';
  /** The cluster's slurm.conf; every Slurm command runs with SLURM_CONF pointing at it. */
  slurmConf: string;
  /** The price-table row (GET /api/charge, `company`) its jobs are billed by; the first row when absent. */
  company?: string;
  /** Partitions billed at the row's `ssh_could` (cloud) price; every other partition at `ssh_normal`. */
  cloudPartitions: string[];
}

const hpcClustersSchema = z.array(
  z.object({
    node: z.enum(['beijing', 'bianshui']),
    slurmConf: z.string().min(1),
    company: z.string().optional(),
    cloudPartitions: z.array(z.string()).default([]),
  }),
);

/** `HPC_CLUSTERS`: a JSON array of clusters; none configured means nothing is synced and activation only records the account. */
export function parseHpcClusters(json: string | undefined): HpcCluster[] {
  if (!json) return [];
  const clusters = hpcClustersSchema.parse(JSON.parse(json));
  const nodes = new Set(clusters.map((c) => c.node));
  if (nodes.size !== clusters.length) throw new Error('HPC_CLUSTERS names a node twice');
  return clusters.map(({ company, ...c }) => ({ ...c, ...(company ? { company } : {}) }));
}
