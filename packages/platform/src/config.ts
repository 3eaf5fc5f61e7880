import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { parseHpcClusters, type HpcCluster } from './hpc/clusters.ts';
import { loadPaymentsConfig, type PaymentsConfig } from './payments/config.ts';

/** The directory holding the project's Python package `yunyao`: the @yunyao/python workspace. */
const PYTHON_PACKAGE_DIR = dirname(createRequire(import.meta.url).resolve('@yunyao/python/package.json'));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** How long a rotated refresh token still answers with its successor (tabs refreshing at once). */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('云药 Yunyao <no-reply@yunyao.local>'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Where browsers reach the store, when not at S3_ENDPOINT (an internal address): presigned URLs are signed for it. */
  S3_PUBLIC_ENDPOINT: z.string().optional(),
  /** `bucket` in the path (MinIO and most self-hosted stores) or in the host name (AWS, COS, OSS); path style by default with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  /** Run the worker inside the API process. Always on with PGlite, which allows one process. */
  EMBEDDED_WORKER: z.enum(['true', 'false']).default('true'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  WORKER_ID: z.string().optional(),
  /** Seconds without a heartbeat after which a running task counts as orphaned. */
  TASK_STALE_SECONDS: z.coerce.number().int().positive().default(60),
  PYTHON: z.string().default('/usr/bin/python3'),
  /** Where tasks' steps run: this machine, or a Slurm cluster (docs/operations.md). */
  EXECUTOR: z.enum(['local', 'slurm']).default('local'),
  /** Chunks a splittable step (a docking screen) is cut into: one after another locally, a job array on Slurm. */
  STEP_CHUNKS: z.coerce.number().int().min(1).max(1000).optional(),
  SLURM_PARTITION: z.string().optional(),
  SLURM_ACCOUNT: z.string().optional(),
  /** The cluster's slurm.conf where it is not /etc/slurm/slurm.conf (it names the munge socket too). */
  SLURM_CONF: z.string().optional(),
  SLURM_POLL_MS: z.coerce.number().int().min(50).default(5000),
  /** Tasks' scratch dirs ('' = <DATA_DIR>/scratch); with Slurm, on storage the compute nodes mount at the same path. */
  SCRATCH_DIR: z.string().optional(),
  /** The molecule library a fresh platform imports on first start ('' turns it off). */
  LIBRARY_SEED_FILE: z.string().default('/usr/share/RDKit/Data/NCI/first_5K.smi'),
  LIBRARY_SEED_SOURCE: z.string().default('nci'),
  /**
   * The shared datasets folder, relative to the repository root (benchmarks and training read it too). A fresh
   * platform also imports the public libraries it holds (contract LIBRARY_DATASETS); '' turns that off.
   */
  YUNYAO_DATASETS: z.string().default('../shared/datasets'),
  /** Staff accounts (comma-separated e-mails): they see platform-running hints, such as the command importing a library. */
  STAFF_EMAILS: z.string().default(''),
  /** Login attempts per account (the normalised e-mail) per minute, from any address. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Login attempts per client address per minute, over all accounts (looser: one NAT holds many users). */
  LOGIN_IP_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** Password-reset requests per e-mail address per hour (each may send a mail). */
  FORGET_RATE_LIMIT: z.coerce.number().int().positive().default(3),
  /** Password-reset requests per client address per hour. */
  FORGET_IP_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Registrations per client address per hour. */
  REGISTER_IP_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /**
   * Which reverse proxies' X-Forwarded-For names the client (Fastify's `trustProxy`): '' or
   * 'false' (default: the socket's address), 'true' (any), or comma-separated proxy addresses
   * and CIDR ranges.
   */
  TRUST_PROXY: z.string().default(''),
  LOG_LEVEL: z.string().default('info'),
  /** JSON array of supercomputer price rows (yuan per core-hour) replacing the default table. */
  HPC_PRICES: z.string().optional(),
  /** JSON array of the supercomputer nodes whose Slurm the platform reads (see hpc/clusters.ts and docs/operations.md). */
  HPC_CLUSTERS: z.string().optional(),
  /** How often the worker reads those clusters' accounting and charges finished jobs. */
  HPC_SYNC_SECONDS: z.coerce.number().int().min(10).default(300),
  /** What the official-account QR code (GET /api/wechat/qrcode) encodes. */
  OFFICIAL_ACCOUNT_URL: z.string().default('https://weixin.qq.com/r/yunyao-official'),
  /** Public structure archives behind the protein pickers (PDB id, UniProt id). */
  RCSB_DOWNLOAD_URL: z.string().default('https://files.rcsb.org/download'),
  RCSB_SEARCH_URL: z.string().default('https://search.rcsb.org/rcsbsearch/v2/query'),
  ALPHAFOLD_URL: z.string().default('https://alphafold.ebi.ac.uk/files'),
  /** Local mirror read before the archives and filled by every download ('' = <DATA_DIR>/structures). */
  STRUCTURE_MIRROR_DIR: z.string().optional(),
  /** Prepared receptors every structure-based module reuses ('' = <DATA_DIR>/receptor-cache); safe to delete. */
  RECEPTOR_CACHE_DIR: z.string().optional(),
  STRUCTURE_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  /** Absolute path of a licensed ORCA installation's `orca` binary; ORCA jobs run on NWChem without it. */
  ORCA_PATH: z.string().optional(),
  /** Absolute path of a DFTB+ `dftb+` binary; the keyword mode's DFTB runs as GFN2-xTB without it. */
  DFTBPLUS_PATH: z.string().optional(),
  /**
   * The operator's Rosetta `bin` directory (e.g. /opt/rosetta/main/source/bin), holding `minimize.*` and
   * `fixbb.*` release builds; the Rosetta Minimize and Packer modules refuse tasks without it.
   */
  ROSETTA_BIN: z.string().optional(),
  /** Absolute path of a licensed VASP binary (`vasp_std`); the VASP module refuses tasks without it. */
  VASP_BIN: z.string().optional(),
  /** The `mpirun` that starts VASP on several cores (e.g. /usr/bin/mpirun); without it VASP runs on one core. */
  VASP_MPIRUN: z.string().optional(),
});

/** One row of the supercomputer price table (GET /api/charge), in yuan per core-hour. */
export interface HpcPrice {
  company: string;
  ssh_could: number;
  ssh_normal: number;
  remarks: string;
}

const hpcPriceSchema = z.array(
  z.object({ company: z.string(), ssh_could: z.number().nonnegative(), ssh_normal: z.number().nonnegative(), remarks: z.string().default('') }),
);

export const DEFAULT_HPC_PRICES: HpcPrice[] = [
  { company: '云药超算', ssh_could: 0.5, ssh_normal: 0.3, remarks: '按核时计费，不足 1 分按 1 分计；作业结束后从余额扣除。' },
];

/** How many requests each limited route takes per key and window (see README, "Rate limits"). */
export interface RateLimits {
  loginPerAccountPerMinute: number;
  loginPerAddressPerMinute: number;
  forgetPerEmailPerHour: number;
  forgetPerAddressPerHour: number;
  registerPerAddressPerHour: number;
}

/**
 * Limits high enough that a test suite registering and signing in dozens of users from one
 * address is never refused; the tests of the limits themselves set their own.
 */
export const RELAXED_RATE_LIMITS_ENV = {
  LOGIN_RATE_LIMIT: '1000',
  LOGIN_IP_RATE_LIMIT: '1000',
  FORGET_RATE_LIMIT: '1000',
  FORGET_IP_RATE_LIMIT: '1000',
  REGISTER_IP_RATE_LIMIT: '1000',
};

/** Fastify's `trustProxy`: off, any proxy, or the proxies' addresses and ranges. */
export type TrustProxy = boolean | string[];

function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return text.split(',').map((s) => s.trim()).filter(Boolean);
}

export type StorageConfig =
  | { kind: 'local'; root: string }
  | { kind: 's3'; bucket: string; endpoint?: string; publicEndpoint?: string; forcePathStyle: boolean; region: string; accessKeyId?: string; secretAccessKey?: string };

/** Where PDB entries and AlphaFold models come from; see apps/server/src/services/structure-archive.ts. */
export interface StructureArchiveConfig {
  rcsbDownloadUrl: string;
  rcsbSearchUrl: string;
  alphafoldUrl: string;
  /** `<mirrorDir>/pdb/<ID>.pdb` and `<mirrorDir>/alphafold/AF-<UNIPROT>-F1-model_v4.pdb`. */
  mirrorDir: string;
  fetchTimeoutMs: number;
}

/** Where tasks' steps run; `chunks`: how many chunks a splittable step is cut into. */
export type ExecutorConfig =
  | { kind: 'local'; chunks: number }
  | { kind: 'slurm'; chunks: number; partition?: string; account?: string; env: Record<string, string>; pollMs: number };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  refreshReuseGraceSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  outboxDir: string;
  storage: StorageConfig;
  scratchDir: string;
  /** Modules' shared caches (`<dir>/<module code>`), e.g. a library's conformers computed once; safe to delete. */
  moduleCacheDir: string;
  /** Receptors prepared once per input, settings and engine versions (python/yunyao/receptor_cache.py); safe to delete. */
  receptorCacheDir: string;
  embeddedWorker: boolean;
  workerConcurrency: number;
  workerId: string;
  taskStaleSeconds: number;
  python: string;
  executor: ExecutorConfig;
  librarySeed: { file: string; source: string } | null;
  /** Absolute path of the shared datasets folder (it may not exist), or null when turned off. */
  datasetsDir: string | null;
  /** Lower-case e-mails of the staff accounts. */
  staffEmails: string[];
  pythonPath: string;
  rateLimits: RateLimits;
  trustProxy: TrustProxy;
  logLevel: string;
  hpcPrices: HpcPrice[];
  hpcClusters: HpcCluster[];
  hpcSyncSeconds: number;
  officialAccountUrl: string;
  structures: StructureArchiveConfig;
  payments: PaymentsConfig;
  licensedEngines: { orcaPath?: string; dftbPath?: string; rosettaBin?: string; vaspPath?: string; mpirunPath?: string };
}

/** A secret generated once per data dir, so tokens survive restarts without any set-up. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(env);
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const storage: StorageConfig =
    e.STORAGE === 's3'
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET ?? (() => { throw new Error('STORAGE=s3 needs S3_BUCKET'); })(),
          endpoint: e.S3_ENDPOINT,
          publicEndpoint: e.S3_PUBLIC_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : Boolean(e.S3_ENDPOINT),
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : { kind: 'local', root: join(dataDir, 'files') };
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    publicUrl,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    outboxDir: join(dataDir, 'outbox'),
    storage,
    scratchDir: resolve(e.SCRATCH_DIR || join(dataDir, 'scratch')),
    moduleCacheDir: join(dataDir, 'module-cache'),
    receptorCacheDir: resolve(e.RECEPTOR_CACHE_DIR || join(dataDir, 'receptor-cache')),
    embeddedWorker: !e.DATABASE_URL || e.EMBEDDED_WORKER === 'true',
    workerConcurrency: e.WORKER_CONCURRENCY,
    workerId: e.WORKER_ID ?? `${hostname()}:${process.pid}`,
    taskStaleSeconds: e.TASK_STALE_SECONDS,
    python: e.PYTHON,
    executor:
      e.EXECUTOR === 'slurm'
        ? {
            kind: 'slurm',
            // Enough array elements to spread a screen over a few nodes without a job per ligand.
            chunks: e.STEP_CHUNKS ?? 8,
            ...(e.SLURM_PARTITION ? { partition: e.SLURM_PARTITION } : {}),
            ...(e.SLURM_ACCOUNT ? { account: e.SLURM_ACCOUNT } : {}),
            env: e.SLURM_CONF ? { SLURM_CONF: resolve(e.SLURM_CONF) } : {},
            pollMs: e.SLURM_POLL_MS,
          }
        : { kind: 'local', chunks: e.STEP_CHUNKS ?? 1 },
    librarySeed: e.LIBRARY_SEED_FILE ? { file: e.LIBRARY_SEED_FILE, source: e.LIBRARY_SEED_SOURCE } : null,
    datasetsDir: e.YUNYAO_DATASETS ? resolve(dirname(PYTHON_PACKAGE_DIR), e.YUNYAO_DATASETS) : null,
    staffEmails: e.STAFF_EMAILS.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean),
    pythonPath: PYTHON_PACKAGE_DIR,
    rateLimits: {
      loginPerAccountPerMinute: e.LOGIN_RATE_LIMIT,
      loginPerAddressPerMinute: e.LOGIN_IP_RATE_LIMIT,
      forgetPerEmailPerHour: e.FORGET_RATE_LIMIT,
      forgetPerAddressPerHour: e.FORGET_IP_RATE_LIMIT,
      registerPerAddressPerHour: e.REGISTER_IP_RATE_LIMIT,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    hpcPrices: e.HPC_PRICES ? hpcPriceSchema.parse(JSON.parse(e.HPC_PRICES)) : DEFAULT_HPC_PRICES,
    hpcClusters: parseHpcClusters(e.HPC_CLUSTERS),
    hpcSyncSeconds: e.HPC_SYNC_SECONDS,
    officialAccountUrl: e.OFFICIAL_ACCOUNT_URL,
    structures: {
      rcsbDownloadUrl: e.RCSB_DOWNLOAD_URL.replace(/\/+$/, ''),
      rcsbSearchUrl: e.RCSB_SEARCH_URL,
      alphafoldUrl: e.ALPHAFOLD_URL.replace(/\/+$/, ''),
      mirrorDir: resolve(e.STRUCTURE_MIRROR_DIR || join(dataDir, 'structures')),
      fetchTimeoutMs: e.STRUCTURE_FETCH_TIMEOUT_MS,
    },
    payments: loadPaymentsConfig(env, publicUrl),
    licensedEngines: {
      ...(e.ORCA_PATH ? { orcaPath: resolve(e.ORCA_PATH) } : {}),
      ...(e.DFTBPLUS_PATH ? { dftbPath: resolve(e.DFTBPLUS_PATH) } : {}),
      ...(e.ROSETTA_BIN ? { rosettaBin: resolve(e.ROSETTA_BIN) } : {}),
      ...(e.VASP_BIN ? { vaspPath: resolve(e.VASP_BIN) } : {}),
      ...(e.VASP_MPIRUN ? { mpirunPath: resolve(e.VASP_MPIRUN) } : {}),
    },
  };
}
