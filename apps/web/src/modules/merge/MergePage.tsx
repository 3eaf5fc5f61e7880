import { Form } from 'antd';
import { MERGE_OUTPUT_EXTENSIONS, mergeForm } from '@yunyao/modules/forms/merge';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModuleFileField } from '../../components/module-page/ModuleFileField.tsx';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { joinOutputName, OutputNameField, type OutputName } from '../../components/module-page/OutputNameField.tsx';
import { appendPicked, countPicked, NO_FILES, paramsProblem, type PickedFiles } from '../../components/module-page/picked-files.ts';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { pick } from '../../i18n/index.ts';
import './merge.i18n.ts';

const [ligandsSpec] = mergeForm.files;
const DEFAULT_OUTPUT: OutputName = { name: '', extension: 'sdf' };

/** /calculate/merges: two to ten MOL2/SDF files into one. */
export default function MergePage() {
  const { t, i18n } = useTranslation('merge');
  const [ligands, setLigands] = useState<PickedFiles>(NO_FILES);
  const [output, setOutput] = useState<OutputName>(DEFAULT_OUTPUT);

  function draft(): ModuleDraft {
    if (countPicked(ligands) < ligandsSpec!.min) return { problem: pick(ligandsSpec!.requiredMessage, i18n.language) };
    const out = joinOutputName(output);
    // The output name is optional here: without one the server picks merged.sdf or merged.mol2.
    const values = out ? { out } : {};
    return draftOf(paramsProblem(mergeForm, values, i18n.language === 'en'), () => {
      const body = new FormData();
      appendPicked(body, { ...ligandsSpec!, field: 'ligands[]' }, ligands);
      if (out) body.set('out', out);
      return body;
    });
  }

  return (
    <ModulePage form={mergeForm}>
      <ModuleFormLayout form={mergeForm} draft={draft()}>
        <Form.Item label={t('ligands')} required>
          <ModuleFileField spec={ligandsSpec!} value={ligands} onChange={setLigands} testId="merge-input" />
        </Form.Item>
        <Form.Item label={t('output')} extra={t('outputHint')}>
          <OutputNameField value={output} extensions={MERGE_OUTPUT_EXTENSIONS} onChange={setOutput} testId="merge-out" />
        </Form.Item>
      </ModuleFormLayout>
    </ModulePage>
  );
}
