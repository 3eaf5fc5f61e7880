import { Form } from 'antd';
import type { ReactNode } from 'react';
import { SubmitButton } from './SubmitButton.tsx';

/** Every module form's frame: labelled rows, then the submit button under them. */
export function ModuleFormLayout({ submitting, onSubmit, children }: { submitting: boolean; onSubmit: () => Promise<void>; children: ReactNode }) {
  return (
    <Form layout="horizontal" labelCol={{ flex: '140px' }} onFinish={() => void onSubmit()}>
      {children}
      <Form.Item label=" " colon={false}>
        <SubmitButton submitting={submitting} />
      </Form.Item>
    </Form>
  );
}
