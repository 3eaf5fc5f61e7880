import { Form } from 'antd';
import { CONVERT_OUTPUT_EXTENSIONS, convertForm } from '@yunyao/modules/forms/convert';
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
import './convert.i18n.ts';

const [inputSpec] = convertForm.files;
const DEFAULT_OUTPUT: OutputName = { name: '', extension: 'sd' };

/** /calculate/convert: up to two molecule files in, one file in the chosen format out. */
export default function ConvertPage() {
  const { t, i18n } = useTranslation('convert');
  const [input, setInput] = useState<FileOrTyped>(EMPTY_FILE_OR_TYPED);
  const [output, setOutput] = useState<OutputName>(DEFAULT_OUTPUT);

  function draft(): ModuleDraft {
    if (missingFiles(inputSpec!, input)) return { problem: pick(inputSpec!.requiredMessage, i18n.language) };
    const values = { out: joinOutputName(output), ...fileOrTypedValues(input) };
    return draftOf(paramsProblem(convertForm, values, i18n.language === 'en'), () => {
      const body = new FormData();
      appendFileOrTyped(body, inputSpec!, input);
      body.set('out', values.out);
      return body;
    });
  }

  return (
    <ModulePage form={convertForm}>
      <ModuleFormLayout form={convertForm} draft={draft()}>
        <FileOrTypedField spec={inputSpec!} value={input} onChange={setInput} label={t('input')} testId="convert-input" />
        <Form.Item label={t('output')} required extra={t('outputHint')}>
          <OutputNameField value={output} extensions={CONVERT_OUTPUT_EXTENSIONS} onChange={setOutput} testId="convert-out" />
        </Form.Item>
      </ModuleFormLayout>
    </ModulePage>
  );
}
