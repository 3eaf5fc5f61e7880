import { Form, Input } from 'antd';
import { exampleForm } from '@yunyao/modules/test-fixtures/example/example.form.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModuleFormLayout } from '../../src/components/module-page/ModuleFormLayout.tsx';
import { ModulePage } from '../../src/components/module-page/ModulePage.tsx';
import { paramsProblem } from '../../src/components/module-page/picked-files.ts';
import { useFormWarning } from '../../src/components/module-page/useFormWarning.ts';
import { useModuleSubmit } from '../../src/components/module-page/useModuleSubmit.ts';

/** /calculate/example: one SMILES in; the server's own schema checks it before the post. */
export default function ExamplePage() {
  const { t, i18n } = useTranslation('example');
  const warn = useFormWarning();
  const { submit, submitting } = useModuleSubmit(exampleForm);
  const [smiles, setSmiles] = useState('');

  async function onSubmit() {
    const problem = paramsProblem(exampleForm, { smiles }, i18n.language === 'en');
    if (problem) return warn(problem);
    const body = new FormData();
    body.set('smiles', smiles);
    if (await submit(body)) setSmiles('');
  }

  return (
    <ModulePage form={exampleForm}>
      <ModuleFormLayout submitting={submitting} onSubmit={onSubmit}>
        <Form.Item label={t('smiles')} required>
          <Input value={smiles} onChange={(e) => setSmiles(e.target.value)} data-testid="example-smiles" />
        </Form.Item>
      </ModuleFormLayout>
    </ModulePage>
  );
}
