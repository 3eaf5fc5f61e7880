import { pharmerForm } from '@yunyao/modules/forms/pharmer';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { PharmerForm } from './PharmerForm.tsx';

/** /calculate/pharmer: pharmacophore screening from a reference ligand's bound pose. */
export default function PharmerPage() {
  return (
    <ModulePage form={pharmerForm}>
      <PharmerForm />
    </ModulePage>
  );
}
