import { fileURLToPath } from 'node:url';
import type { EngineStep } from '../types.ts';

/**
 * A step that runs one of the project's TypeScript programs with the worker's own Node
 * and tsx loader (absolute paths, so it runs from any scratch dir), for science written
 * in TypeScript once and shared with the browser, such as pocket detection. `program` is
 * the package export of its command line, e.g. `@yunyao/pockets/cli`.
 */
export function nodeStep(name: string, program: string, args: string[]): EngineStep {
  return { name, argv: [process.execPath, '--import', import.meta.resolve('tsx'), fileURLToPath(import.meta.resolve(program)), ...args] };
}
