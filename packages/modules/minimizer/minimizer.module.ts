import { defineRosettaModule, type RosettaModuleFile } from '../shared/rosetta/rosetta-task.ts';
import { minimizerEngines } from './minimizer.engines.ts';
import { minimizerForm, MOVEMAP_FIELD } from './minimizer.form.ts';
import { movemapProblem } from './movemap.ts';

const MOVEMAP: RosettaModuleFile = { spec: MOVEMAP_FIELD, upload: 'movemap', option: '-in:file:movemap', problem: movemapProblem };

export const minimizerModule = defineRosettaModule(minimizerForm, minimizerEngines.engines, 'minimizer', MOVEMAP);
