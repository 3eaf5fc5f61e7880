import { Form, Radio } from 'antd';
import {
  PERFORM_2D_EXTENSIONS,
  PERFORM_3D_EXTENSIONS,
  PERFORM_OUTPUT_EXTENSIONS,
  performAccepts,
  performForm,
} from '@yunyao/modules/forms/perform';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  appendFileOrTyped,
  EMPTY_FILE_OR_TYPED,
  FileOrTypedField,
  fileOrTypedValues,
  missingFiles,
  type FileOrTyped,
} from '../../components/module-page/FileOrTypedField.tsx';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { joinOutputName, OutputNameField, type OutputName } from '../../components/module-page/OutputNameField.tsx';
import { paramsProblem } from '../../components/module-page/picked-files.ts';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { pick } from '../../i18n/index.ts';
import './perform.i18n.ts';

type Structure = '2D' | '3D';
const [inputSpec] = performForm.files;
const EXTENSIONS: Record<Structure, string[]> = {
  '2D': PERFORM_2D_EXTENSIONS.map((e) => `.${e}`),
  '3D': PERFORM_3D_EXTENSIONS.map((e) => `.${e}`),
};
const DEFAULT_OUTPUT: OutputName = { name: 'optimized', extension: 'sdf' };

/** /calculate/optimize: RDKit conformer generation (2D) or clean-up (3D), then force-field minimisation. */
export default function PerformPage() {
  const { t, i18n } = useTranslation('perform');
  const [structure, setStructure] = useState<Structure>('2D');
  const [input, setInput] = useState<FileOrTyped>(EMPTY_FILE_OR_TYPED);
  const [output, setOutput] = useState<OutputName>(DEFAULT_OUTPUT);

  function changeStructure(next: Structure) {
    setStructure(next);
    // Files picked for the other structure would be refused by the step; drop them now.
    setInput({
      ...input,
      files: {
        uploads: input.files.uploads.filter((f) => performAccepts(next, f.name)),
        dataCenter: input.files.dataCenter.filter((f) => performAccepts(next, f.filename)),
      },
    });
  }

  function draft(): ModuleDraft {
    if (missingFiles(inputSpec!, input)) return { problem: pick(inputSpec!.requiredMessage, i18n.language) };
    const values = { structure, out: joinOutputName(output), ...fileOrTypedValues(input) };
    return draftOf(paramsProblem(performForm, values, i18n.language === 'en'), () => {
      const body = new FormData();
      appendFileOrTyped(body, inputSpec!, input);
      body.set('structure', values.structure);
      body.set('out', values.out);
      return body;
    });
  }

  return (
    <ModulePage form={performForm}>
      <ModuleFormLayout form={performForm} draft={draft()}>
        <Form.Item label={t('structure')} required extra={t(structure === '2D' ? 'hint2D' : 'hint3D')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={structure}
            onChange={(e) => changeStructure(e.target.value as Structure)}
            options={[
              { value: '2D', label: t('option2D') },
              { value: '3D', label: t('option3D') },
            ]}
            data-testid="perform-structure"
          />
        </Form.Item>
        <FileOrTypedField spec={inputSpec!} extensions={EXTENSIONS[structure]} value={input} onChange={setInput} label={t('input')} testId="perform-input" />
        <Form.Item label={t('output')} required>
          <OutputNameField value={output} extensions={PERFORM_OUTPUT_EXTENSIONS} onChange={setOutput} testId="perform-out" />
        </Form.Item>
      </ModuleFormLayout>
    </ModulePage>
  );
}
