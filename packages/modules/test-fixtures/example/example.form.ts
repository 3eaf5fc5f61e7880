import { z } from 'zod';
import { defineForm } from '../../types.ts';
import { exampleMeta } from './example.meta.ts';
import { EXAMPLE_MESSAGES } from './example.messages.ts';

export const EXAMPLE_SMILES_MESSAGE = EXAMPLE_MESSAGES.smilesMissing;

export const exampleParams = z.object({
  smiles: z.string({ error: EXAMPLE_SMILES_MESSAGE }).trim().min(1, EXAMPLE_SMILES_MESSAGE).max(200, EXAMPLE_SMILES_MESSAGE),
});

/** The test-only example module's form (docs/architecture.md, "Add a module"): one SMILES in, its canonical form out. */
export const exampleForm = defineForm({
  ...exampleMeta,
  description: { zh: '用 Open Babel 把一个 SMILES 写成规范 SMILES。', en: 'Writes one SMILES as its canonical SMILES with Open Babel.' },
  priceFenPerCoreHour: 50,
  cores: 1,
  history: 'recent',
  files: [],
  params: exampleParams,
});
