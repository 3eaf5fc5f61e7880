import { PLATFORM_ERROR_LINE_PREFIX } from '@yunyao/steps';
import type { EngineStep } from '../types.ts';

/**
 * The one step of a task whose licensed engine is not (or no longer) configured: it declares the
 * reason as the platform's failure, so the task fails at once, says which setting the operator must
 * set, and is not charged (billing-rule.ts). Submission already refuses such tasks; this covers those
 * queued before the operator removed the setting.
 */
export function unavailableStep(reason: string): EngineStep {
  return {
    name: 'licence',
    argv: [process.execPath, '-e', 'process.stderr.write(process.argv[1] + "\\n"); process.exit(3);', `${PLATFORM_ERROR_LINE_PREFIX}${reason}`],
  };
}
