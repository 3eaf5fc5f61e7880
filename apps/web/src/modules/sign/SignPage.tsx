import { SignForm } from './SignForm.tsx';

/** /calculate/sign: 3D structure-based affinity of posed (or first docked) ligands. */
export default function SignPage() {
  return <SignForm />;
}
