import { pepsearchForm } from '@yunyao/modules/forms/pepsearch';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { PepsearchForm } from './PepsearchForm.tsx';

/** /calculate/pepsearch: a peptide's structure predicted from its sequence. */
export default function PepsearchPage() {
  return (
    <ModulePage form={pepsearchForm}>
      <PepsearchForm />
    </ModulePage>
  );
}
