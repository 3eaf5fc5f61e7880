import { admetForm } from '@yunyao/modules/forms/admet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import {
  appendMoleculeSource,
  EMPTY_MOLECULE_SOURCE,
  MoleculeSourceField,
  moleculeSourceWarning,
  type MoleculeSource,
} from '../../components/module-page/MoleculeSourceField.tsx';
import { paramsProblem } from '../../components/module-page/picked-files.ts';
import { useFormWarning } from '../../components/module-page/useFormWarning.ts';
import { useModuleSubmit } from '../../components/module-page/useModuleSubmit.ts';

const spec = admetForm.moleculeSource!;

/** /calculate/admet: molecules in, physicochemical properties and learned ADMET endpoints out. */
export default function AdmetPage() {
  const { i18n } = useTranslation();
  const warn = useFormWarning();
  const { submit, submitting } = useModuleSubmit(admetForm);
  const [source, setSource] = useState<MoleculeSource>(EMPTY_MOLECULE_SOURCE);

  async function onSubmit() {
    const english = i18n.language === 'en';
    const problem =
      moleculeSourceWarning(source, english) ?? paramsProblem(admetForm, { mole_type: source.type, molecules: source.text }, english);
    if (problem) return warn(problem);
    const body = new FormData();
    appendMoleculeSource(body, spec, source);
    if (await submit(body)) setSource({ ...EMPTY_MOLECULE_SOURCE, type: source.type });
  }

  return (
    <ModulePage form={admetForm}>
      <ModuleFormLayout submitting={submitting} onSubmit={onSubmit}>
        <MoleculeSourceField spec={spec} value={source} onChange={setSource} testId="admet-molecules" />
      </ModuleFormLayout>
    </ModulePage>
  );
}
