import { WorkflowForm } from './WorkflowForm.tsx';

/** /calculate/workflow: the binding site from the server's pocket prediction. */
export default function WorkflowPage() {
  return <WorkflowForm variant="server" />;
}
