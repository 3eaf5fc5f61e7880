import { Form } from 'antd';
import type { SubmitFormDeclaration } from '@yunyao/contract/api';
import type { ModuleForm } from '@yunyao/modules/forms';
import type { ReactNode } from 'react';
import type { ModuleDraft } from './module-draft.ts';
import { SpendCapField } from './SpendCapField.tsx';
import { SubmitBar } from './SubmitBar.tsx';
import { useModuleForm } from './useModuleForm.ts';

/**
 * Every module form's frame: labelled rows, the spending cap, then the submit button with the
 * draft's cost beside it. The page builds the draft; the frame estimates and submits it.
 */
export function ModuleFormLayout({
  form,
  draft,
  children,
  onSubmitted,
}: {
  form: Pick<ModuleForm, 'code'> & SubmitFormDeclaration;
  draft: ModuleDraft;
  children: ReactNode;
  onSubmitted?: (taskId: number) => void;
}) {
  const submission = useModuleForm(form, draft, onSubmitted);
  return (
    <Form layout="horizontal" labelCol={{ flex: '140px' }} onFinish={() => void submission.onSubmit()}>
      {children}
      <SpendCapField submission={submission} />
      <Form.Item label=" " colon={false}>
        <SubmitBar submission={submission} />
      </Form.Item>
    </Form>
  );
}
