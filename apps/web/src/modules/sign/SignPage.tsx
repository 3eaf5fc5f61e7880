import { signForm } from '@yunyao/modules/forms/sign';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { SignForm } from './SignForm.tsx';

/** /calculate/sign: structure-based (3D) binding affinity of posed or docked ligands. */
export default function SignPage() {
  return (
    <ModulePage form={signForm}>
      <SignForm />
    </ModulePage>
  );
}
