import { Form, InputNumber } from 'antd';
import { SIGN_ACCURACY, signForm, signParams, signSourceProblem } from '@yunyao/modules/forms/sign';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import { appendProteinSource, EMPTY_PROTEIN_SOURCE, ProteinSourceField, proteinSourceWarning, type ProteinSource } from '../../components/module-page/ProteinSourceField.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { paramsProblem } from '../../components/module-page/picked-files.ts';
import { useFormWarning } from '../../components/module-page/useFormWarning.ts';
import { useProteinText } from '../../components/module-page/useProteinText.ts';
import { pocketPredictionProblem, submitPocketPrediction, usePocketPrediction } from '../../components/pockets/pocket-prediction.ts';
import { appendBindingSite, BindingSiteField, chosenPocket, EMPTY_BINDING_SITE, siteFilesIn, type BindingSite } from './BindingSiteField.tsx';
import { appendLigandSource, EMPTY_LIGAND_SOURCE, ligandFilesIn, LigandSourceField, type LigandSource } from './LigandSourceField.tsx';
import { say } from '../../i18n/index.ts';
import './sign.i18n.ts';

const Structure3D = lazy(() => import('../../components/Structure3D.tsx'));
const VIEW_HEIGHT = 340;
const PDB_ID_LENGTH = 4;

/**
 * The 3D affinity form (spec document 1, sections 6–7): protein from any source with its pockets
 * predicted on the server, ligands posed or from a preset, the binding site, Vina's accuracy for
 * ligands docked first. `onSubmitted` lets the docking-and-affinity page move on to the task list.
 */
export function SignForm({ onSubmitted }: { onSubmitted?: (taskId: number) => void }) {
  const { t, i18n } = useTranslation('sign');
  const english = i18n.language === 'en';
  const warn = useFormWarning();
  const [protein, setProtein] = useState<ProteinSource>(EMPTY_PROTEIN_SOURCE);
  const [ligands, setLigands] = useState<LigandSource>(EMPTY_LIGAND_SOURCE);
  const [site, setSite] = useState<BindingSite>(EMPTY_BINDING_SITE);
  const [accuracy, setAccuracy] = useState<number>(SIGN_ACCURACY.default);
  const [pocketTask, setPocketTask] = useState<number | null>(null);
  const [predicting, setPredicting] = useState(false);
  const prediction = usePocketPrediction(pocketTask);
  const proteinPdb = useProteinText(protein).data ?? null;
  const pocket = chosenPocket(site, prediction.pockets);

  async function predict() {
    const problem = pocketPredictionProblem(protein, english);
    if (problem) return warn(problem);
    setPredicting(true);
    const taskId = await submitPocketPrediction(protein);
    setPredicting(false);
    if (taskId === null) return;
    setSite((s) => ({ ...s, type: 'predicted', pocketId: null }));
    setPocketTask(taskId);
  }

  // A complete PDB id loads the structure and predicts its pockets at once (spec), once per id.
  const predictedFor = useRef('');
  const pdbId = protein.type === 'rcsb' ? protein.pdbId.trim().toUpperCase() : '';
  useEffect(() => {
    if (pdbId.length !== PDB_ID_LENGTH || predictedFor.current === pdbId) return;
    predictedFor.current = pdbId;
    void predict();
    // predict reads the protein the id belongs to; the id alone decides when to run it.
  }, [pdbId]);

  function draft(): ModuleDraft {
    const values = {
      protein_source: protein.type,
      pdb_id: protein.pdbId,
      uniprod_id: protein.uniprotId,
      ligand_source: ligands.type,
      smiles_preset: ligands.preset,
      pocket_source: site.type,
      pockets: pocket ? [pocket] : undefined,
      accuracy,
    };
    const parsed = signParams.safeParse(values);
    const missing = parsed.success ? signSourceProblem(parsed.data, (field) => (field === 'ligand' ? ligandFilesIn(ligands) : siteFilesIn(site))) : null;
    const problem =
      proteinSourceWarning(protein, english) ?? paramsProblem(signForm, values, english) ?? (missing && say(missing, english ? 'en' : 'zh'));
    return draftOf(problem, () => {
      const body = new FormData();
      appendProteinSource(body, signForm.proteinSource!, protein);
      appendLigandSource(body, ligands);
      appendBindingSite(body, site, prediction.pockets);
      body.set('accuracy', String(accuracy));
      return body;
    });
  }

  const boxes = prediction.pockets.map((p) => ({ name: p.name, center: p.box.center, size: p.box.size }));
  return (
    <ModuleFormLayout form={signForm} draft={draft()} onSubmitted={onSubmitted}>
      <ProteinSourceField spec={signForm.proteinSource!} value={protein} onChange={setProtein} testId="sign-protein" />
      {proteinPdb && (
        <Form.Item label={t('view3d')}>
          <Suspense fallback={<div style={{ height: VIEW_HEIGHT }} />}>
            <Structure3D pdb={proteinPdb} pockets={boxes} highlighted={pocket ? [pocket.name] : []} height={VIEW_HEIGHT} />
          </Suspense>
        </Form.Item>
      )}
      <BindingSiteField value={site} onChange={setSite} pockets={prediction.pockets} predictionTask={prediction.task} predicting={predicting} onPredict={() => void predict()} />
      <LigandSourceField value={ligands} onChange={setLigands} />
      <Form.Item label={t('accuracy')} extra={t('accuracyHelp')}>
        <InputNumber
          min={SIGN_ACCURACY.min}
          max={SIGN_ACCURACY.max}
          precision={0}
          value={accuracy}
          onChange={(v) => setAccuracy(Number(v ?? SIGN_ACCURACY.default))}
          style={{ width: 120 }}
          data-testid="sign-accuracy"
        />
      </Form.Item>
    </ModuleFormLayout>
  );
}
