import { Form } from 'antd';
import { moduleForms, WORKFLOW_PROTEIN_SOURCES, WORKFLOW_REFERENCE_FIELD } from '@yunyao/modules/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModuleFileField } from '../../components/module-page/ModuleFileField.tsx';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { appendMoleculeSource, EMPTY_MOLECULE_SOURCE, MoleculeSourceField, moleculeSourceWarning, type MoleculeSource } from '../../components/module-page/MoleculeSourceField.tsx';
import { appendProteinSource, EMPTY_PROTEIN_SOURCE, ProteinSourceField, proteinSourceWarning, type ProteinSource } from '../../components/module-page/ProteinSourceField.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { appendPicked, countPicked, NO_FILES, paramsProblem, type PickedFiles } from '../../components/module-page/picked-files.ts';
import { StepList } from './StepList.tsx';
import { WorkflowPocketField, type PocketVariant, type WorkflowPocket } from './WorkflowPocketField.tsx';
import { appendSteps, fieldsProblem, needsReference, orderProblem, type StepDraft } from './workflow-steps.ts';
import './group.i18n.ts';

const groupForm = moduleForms.get('group')!;

/**
 * The workflow page of both variants (spec: /calculate/workflow predicts pockets on the server,
 * /calculate/workflows detects them in the browser): protein, binding site, molecules, the steps,
 * and a reference ligand when a pharmacophore step has no docking step before it.
 */
export function WorkflowForm({ variant }: { variant: PocketVariant }) {
  const { t, i18n } = useTranslation('workflow');
  const english = i18n.language === 'en';
  const [protein, setProtein] = useState<ProteinSource>(EMPTY_PROTEIN_SOURCE);
  const [pocket, setPocket] = useState<WorkflowPocket | null>(null);
  const [molecules, setMolecules] = useState<MoleculeSource>(EMPTY_MOLECULE_SOURCE);
  const [steps, setSteps] = useState<StepDraft[]>([]);
  const [reference, setReference] = useState<PickedFiles>(NO_FILES);
  const referenceShown = needsReference(steps);

  function draft(): ModuleDraft {
    const values = { protein_source: protein.type, pdb_id: protein.pdbId, mole_type: molecules.type, molecules: molecules.text, mole_query: molecules.query };
    const problem =
      proteinSourceWarning(protein, english) ??
      moleculeSourceWarning(molecules, english) ??
      orderProblem(steps, { hasPocket: pocket !== null, hasReference: referenceShown && countPicked(reference) > 0 }, english) ??
      fieldsProblem(steps, english) ??
      paramsProblem(groupForm, { ...values, modules: steps.map((s) => ({ module: s.module, ...s.fields })) }, english);
    return draftOf(problem, () => {
      const body = new FormData();
      appendProteinSource(body, groupForm.proteinSource!, protein);
      appendMoleculeSource(body, groupForm.moleculeSource!, molecules);
      if (pocket) body.set('pockets', JSON.stringify(pocket));
      if (referenceShown) appendPicked(body, WORKFLOW_REFERENCE_FIELD, reference);
      appendSteps(body, steps);
      return body;
    });
  }

  return (
    <ModulePage form={groupForm}>
      <ModuleFormLayout form={groupForm} draft={draft()}>
        <ProteinSourceField spec={groupForm.proteinSource!} value={protein} onChange={setProtein} types={WORKFLOW_PROTEIN_SOURCES} testId="workflow-protein" />
        <WorkflowPocketField variant={variant} protein={protein} onChange={setPocket} />
        <MoleculeSourceField spec={groupForm.moleculeSource!} value={molecules} onChange={setMolecules} testId="workflow-molecules" allowDatabase />
        <StepList steps={steps} onChange={setSteps} hasPocket={pocket !== null} />
        {referenceShown && (
          <Form.Item label={t('reference')} required extra={t('referenceHint')}>
            <ModuleFileField spec={WORKFLOW_REFERENCE_FIELD} value={reference} onChange={setReference} testId="workflow-reference" />
          </Form.Item>
        )}
      </ModuleFormLayout>
    </ModulePage>
  );
}
