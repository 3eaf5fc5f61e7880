import { GraphDtaForm } from './GraphDtaForm.tsx';

/** /calculate/graphdta: drug–target affinity from a protein sequence and SMILES. */
export default function GraphDtaPage() {
  return <GraphDtaForm />;
}
