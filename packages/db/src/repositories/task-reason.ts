import { decodeMessage, renderMessage } from '@yunyao/contract';

/**
 * A failure reason as the task row keeps it: the Chinese text in `error` (what readers from before
 * `error_message` show) and, where the reason is a message id (encoded with its parameters, see
 * @yunyao/contract `encodeMessage`), the id and parameters in `error_message`.
 */
export function storedReason(reason: string): { error: string; errorMessage: { code: string; params?: Record<string, unknown> } | null } {
  return { error: renderMessage(reason, 'zh'), errorMessage: decodeMessage(reason) ?? null };
}
