import { RESFILE_FIELD, packerForm } from '@yunyao/modules/forms/packer';
import { RosettaFormPage } from '../../components/rosetta/RosettaFormPage.tsx';

/** /calculate/packer: Rosetta Packer (`module=packer` on POST /api/rosetta; the resfile is field `residue`). */
export default function PackerPage() {
  return <RosettaFormPage module="packer" form={packerForm} own={RESFILE_FIELD} />;
}
