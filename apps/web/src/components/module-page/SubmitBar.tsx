import { Space } from 'antd';
import type { ReactNode } from 'react';
import { CostEstimate } from './CostEstimate.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import type { ModuleFormSubmission } from './useModuleForm.ts';

/** The submit button with the draft's cost beside it; `children` are the page's own buttons before it. */
export function SubmitBar({ submission, className, children }: { submission: ModuleFormSubmission; className?: string; children?: ReactNode }) {
  return (
    <Space size={16} align="center" wrap className={className}>
      {children}
      <SubmitButton submitting={submission.submitting} />
      <CostEstimate state={submission.estimate} />
    </Space>
  );
}
