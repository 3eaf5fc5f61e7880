import { defineRosettaModule, type RosettaModuleFile } from '../shared/rosetta/rosetta-task.ts';
import { packerEngines } from './packer.engines.ts';
import { packerForm, RESFILE_FIELD } from './packer.form.ts';
import { resfileProblem } from './resfile.ts';

const RESFILE: RosettaModuleFile = { spec: RESFILE_FIELD, upload: 'resfile', option: '-packing:resfile', problem: resfileProblem };

export const packerModule = defineRosettaModule(packerForm, packerEngines.engines, 'packer', RESFILE);
