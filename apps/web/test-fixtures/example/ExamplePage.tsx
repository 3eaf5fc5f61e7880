import { Form, Input } from 'antd';
import { exampleForm } from '@yunyao/modules/test-fixtures/example/example.form.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModuleFormLayout } from '../../src/components/module-page/ModuleFormLayout.tsx';
import { ModulePage } from '../../src/components/module-page/ModulePage.tsx';
import { draftOf, type ModuleDraft } from '../../src/components/module-page/module-draft.ts';
import { paramsProblem } from '../../src/components/module-page/picked-files.ts';

/** /calculate/example: one SMILES in; the server's own schema checks it before the post. */
export default function ExamplePage() {
  const { t, i18n } = useTranslation('example');
  const [smiles, setSmiles] = useState('');

  function draft(): ModuleDraft {
    return draftOf(paramsProblem(exampleForm, { smiles }, i18n.language === 'en'), () => {
      const body = new FormData();
      body.set('smiles', smiles);
      return body;
    });
  }

  return (
    <ModulePage form={exampleForm}>
      <ModuleFormLayout form={exampleForm} draft={draft()}>
        <Form.Item label={t('smiles')} required>
          <Input value={smiles} onChange={(e) => setSmiles(e.target.value)} data-testid="example-smiles" />
        </Form.Item>
      </ModuleFormLayout>
    </ModulePage>
  );
}
