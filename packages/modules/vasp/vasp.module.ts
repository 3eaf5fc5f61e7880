import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { unavailableStep } from '../shared/licensed-engine.ts';
import { nodeStep } from '../shared/node-step.ts';
import { filesOf } from '../shared/python-step.ts';
import { sameName } from '../shared/task-name.ts';
import { defineModule, type LicensedEngines, type OutputFile, type SubmittedFile } from '../types.ts';
import { readVaspArchive } from './vasp-archive.ts';
import { vaspEngines } from './vasp.engines.ts';
import { VASP_ARCHIVE_FIELD, vaspForm, type VaspParams } from './vasp.form.ts';
import { readIncar } from './vasp-inputs.ts';
import { VASP_MESSAGES } from './vasp.messages.ts';
import { readOszicar, readOutcar, readVasprun } from './vasp-outputs.ts';

/** Why the configured VASP cannot run these settings (no VASP_BIN; several cores without VASP_MPIRUN), or null. */
function vaspAvailability(params: VaspParams, licensed: LicensedEngines): string | null {
  if (!licensed.vaspPath) return VASP_MESSAGES.notConfigured;
  return params.cores > 1 && !licensed.mpirunPath ? VASP_MESSAGES.mpirunMissing : null;
}

/** What VASP writes that the user takes home; the POTCAR (licensed data) and the wave functions stay behind. */
const RETURNED = ['OUTCAR', 'OSZICAR', 'vasprun.xml', 'CONTCAR', 'EIGENVAL', 'DOSCAR'];

/** An ionic step of the result table: its energies (eV) and magnetisation (μB), from OSZICAR. */
const vaspRowSchema = z
  .looseObject({
    step: z.number().describe('Ionic step, from 1'),
    free_energy: z.number().describe('Free energy F, eV'),
    e0: z.number().nullable().describe('energy(sigma->0), eV'),
  })
  .describe('VASP ionic step row');

const readText = (workdir: string, name: string) => readFile(path.join(workdir, name), 'utf8').catch(() => null);
const exists = async (file: string) => (await stat(file).catch(() => undefined))?.isFile() ?? false;
const archiveOf = (files: readonly SubmittedFile[]) => files.find((f) => f.field === VASP_ARCHIVE_FIELD.field);

export const vaspModule = defineModule({
  ...vaspForm,
  version: '1.0.0',
  sampleParams: { cores: '1', hours: '1' },
  timeLimitSeconds: 48 * 3600,
  engines: vaspEngines.engines,
  resources: (params) => ({ cores: params.cores }),
  // The run's length cannot be told from its inputs: the user's hours on the chosen cores is what is held.
  estimateCoreHours: (params) => params.cores * params.hours,
  taskName(_params, inputs) {
    const [archive] = filesOf(inputs, VASP_ARCHIVE_FIELD.field);
    return sameName(archive?.originalName ?? 'VASP');
  },
  preflight(params, files, licensed) {
    const archive = archiveOf(files);
    if (!archive) return null;
    return readVaspArchive(archive.name, archive.data).problem ?? vaspAvailability(params, licensed);
  },
  buildSteps(ctx) {
    const unavailable = vaspAvailability(ctx.params, ctx.licensed);
    if (unavailable) return [unavailableStep(unavailable)];
    const [archive] = filesOf(ctx.inputs, VASP_ARCHIVE_FIELD.field);
    if (!archive) throw new Error('no VASP archive was staged');
    const vasp = ctx.licensed.vaspPath!;
    const mpirun = ctx.licensed.mpirunPath;
    return [
      nodeStep('inputs', '@yunyao/modules/vasp/prepare', [`--archive=${archive.path}`, `--name=${archive.originalName}`]),
      { name: 'vasp', argv: mpirun ? [mpirun, '-np', String(ctx.cores), vasp] : [vasp] },
    ];
  },
  rowSchema: vaspRowSchema,
  async parseResult(ctx) {
    const [outcarText, oszicarText, vasprunText, incarText] = await Promise.all([
      readText(ctx.workdir, 'OUTCAR'),
      readText(ctx.workdir, 'OSZICAR'),
      readText(ctx.workdir, 'vasprun.xml'),
      readText(ctx.workdir, 'INCAR'),
    ]);
    const outcar = outcarText === null ? null : readOutcar(outcarText);
    const steps = oszicarText === null ? [] : readOszicar(oszicarText);
    const vasprun = vasprunText === null ? null : readVasprun(vasprunText);
    const last = vasprun?.calculations.at(-1);
    const free = outcar?.free_energy ?? last?.e_fr_energy ?? steps.at(-1)?.free_energy ?? null;
    if (free === null) throw new Error('VASP wrote no final energy (OUTCAR, vasprun.xml and OSZICAR hold none)');
    const incar = incarText === null ? {} : readIncar(incarText);
    // A relaxation (IBRION 1-3 with NSW > 0) meets EDIFFG or runs out of steps; other runs have no ionic criterion.
    const relaxing = Number(incar.NSW ?? 0) > 0 && ['1', '2', '3'].includes(incar.IBRION ?? '');
    const outputs: OutputFile[] = [];
    for (const name of RETURNED) if (await exists(path.join(ctx.workdir, name))) outputs.push({ path: name, name });
    return {
      summary: {
        vasp_version: outcar?.version ?? vasprun?.version ?? null,
        free_energy: free,
        energy_sigma0: outcar?.energy_sigma0 ?? last?.e_0_energy ?? steps.at(-1)?.e0 ?? null,
        energy_without_entropy: outcar?.energy_without_entropy ?? last?.e_wo_entrp ?? null,
        electronic_converged: outcar?.electronic_converged ?? null,
        ionic_converged: relaxing ? (outcar?.reached_required_accuracy ?? false) : null,
        max_force: outcar?.max_force ?? null,
        ionic_steps: steps.length || outcar?.ionic_steps || vasprun?.calculations.length || 0,
        cores: ctx.cores,
        incar,
        steps,
      },
      outputs,
      rows: steps.map(({ step, free_energy, e0, de, mag }) => ({ step, free_energy, e0, de, mag })),
      ...(outputs.some((o) => o.name === 'OUTCAR') ? { out: 'OUTCAR' } : {}),
    };
  },
});
