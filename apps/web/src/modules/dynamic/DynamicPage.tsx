import { dynamicForm } from '@yunyao/modules/forms/dynamic';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { DynamicForm } from './DynamicForm.tsx';

/** /calculate/energy: binding free energy of posed ligands by molecular dynamics and MM/GBSA. */
export default function DynamicPage() {
  return (
    <ModulePage form={dynamicForm}>
      <DynamicForm />
    </ModulePage>
  );
}
