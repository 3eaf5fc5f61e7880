import { MOVEMAP_FIELD, minimizerForm } from '@yunyao/modules/forms/minimizer';
import { RosettaFormPage } from '../../components/rosetta/RosettaFormPage.tsx';

/** /calculate/rosetta: Rosetta Minimize (`module=minimizer` on POST /api/rosetta). */
export default function MinimizerPage() {
  return <RosettaFormPage module="minimizer" form={minimizerForm} own={MOVEMAP_FIELD} />;
}
