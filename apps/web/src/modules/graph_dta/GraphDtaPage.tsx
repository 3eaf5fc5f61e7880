import { graphDtaForm } from '@yunyao/modules/forms/graph_dta';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { GraphDtaForm } from './GraphDtaForm.tsx';

/** /calculate/graphdta: sequence-based (2D) drug–target affinity. */
export default function GraphDtaPage() {
  return (
    <ModulePage form={graphDtaForm}>
      <GraphDtaForm />
    </ModulePage>
  );
}
