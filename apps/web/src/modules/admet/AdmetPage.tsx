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
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { paramsProblem } from '../../components/module-page/picked-files.ts';

const spec = admetForm.moleculeSource!;

/** /calculate/admet: molecules in, physicochemical properties and learned ADMET endpoints out. */
export default function AdmetPage() {
  const { i18n } = useTranslation();
  const [source, setSource] = useState<MoleculeSource>(EMPTY_MOLECULE_SOURCE);

  function draft(): ModuleDraft {
    const english = i18n.language === 'en';
    const problem =
      moleculeSourceWarning(source, english) ?? paramsProblem(admetForm, { mole_type: source.type, molecules: source.text }, english);
    return draftOf(problem, () => {
      const body = new FormData();
      appendMoleculeSource(body, spec, source);
      return body;
    });
  }

  return (
    <ModulePage form={admetForm}>
      <ModuleFormLayout form={admetForm} draft={draft()}>
        <MoleculeSourceField spec={spec} value={source} onChange={setSource} testId="admet-molecules" />
      </ModuleFormLayout>
    </ModulePage>
  );
}
