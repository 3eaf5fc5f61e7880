import { tokenEndpoints } from '../tokens.ts';
import { admetEndpoints } from './admet.endpoints.ts';
import { fileEndpoints } from './files.endpoints.ts';
import { libraryEndpoints } from './library.endpoints.ts';
import { moduleEndpoints } from './modules.endpoints.ts';
import { paymentEndpoints } from './payments.endpoints.ts';
import { personalEndpoints } from './personal.endpoints.ts';
import { proteinEndpoints } from './protein.endpoints.ts';
import { qsarEndpoints } from './qsar.endpoints.ts';
import { systemEndpoints } from './system.endpoints.ts';
import { taskEndpoints } from './tasks.endpoints.ts';
import { userEndpoints } from './user.endpoints.ts';

export * from './endpoint.ts';
export {
  submitEndpoint,
  previewEndpoint,
  type PreviewDeclaration,
  estimateEndpoint,
  moduleInfoSchema,
  costEstimateSchema,
  spendCapSchema,
  SPEND_CAP_FIELD,
  SPEND_CAP_INVALID,
  MAX_SPEND_CAP_YUAN,
  SKIP_UNREADABLE_FIELD,
  unreadableMoleculesSchema,
  type UnreadableMolecules,
  type CostEstimate,
  type ModuleInfo,
  type SubmitFormDeclaration,
} from './modules.endpoints.ts';
export { healthSchema } from './system.endpoints.ts';

/**
 * Every route of the API but the modules' submit routes (one per registered module, from
 * `submitEndpoint`), by group. The server registers each from here; the client calls them.
 */
export const endpoints = {
  user: userEndpoints,
  tokens: tokenEndpoints,
  tasks: taskEndpoints,
  files: fileEndpoints,
  modules: moduleEndpoints,
  personal: personalEndpoints,
  payments: paymentEndpoints,
  library: libraryEndpoints,
  admet: admetEndpoints,
  protein: proteinEndpoints,
  qsar: qsarEndpoints,
  system: systemEndpoints,
} as const;
