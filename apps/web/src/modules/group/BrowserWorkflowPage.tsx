import { WorkflowForm } from './WorkflowForm.tsx';

/** /calculate/workflows: the binding site from pockets detected in the browser. */
export default function BrowserWorkflowPage() {
  return <WorkflowForm variant="browser" />;
}
