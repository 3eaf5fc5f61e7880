export const PAGE_SIZES = [10, 20, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Simple modules (convert, perform, merge, generate, admet) show their last 20 tasks. */
export const SIMPLE_HISTORY_LIMIT = 20;
export const CSV_PREVIEW_PAGE_SIZE = 10;
export const OUTPUT_PAGE_LIMIT_MAX = 10_000;
export const INVITE_REWARD_YUAN = 20;

/** Money is kept in integer fen everywhere; yuan only at the edges. */
export function yuanToFen(yuan: number): number {
  return Math.round(yuan * 100);
}

export function fenToYuan(fen: number): number {
  return fen / 100;
}

/** An amount as a message shows it: `¥0.10`. */
export function yuanText(fen: number): string {
  return `¥${(fen / 100).toFixed(2)}`;
}
