import { modules } from '@yunyao/modules';

/** Queue jobs expire after the longest module time limit plus a margin for staging and parsing. */
export const MAX_TIME_LIMIT_SECONDS = Math.max(...[...modules.values()].map((m) => m.timeLimitSeconds)) + 600;
