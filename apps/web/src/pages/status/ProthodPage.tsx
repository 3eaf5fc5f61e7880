import QuantumPage from '../../modules/prothod/QuantumPage.tsx';
import styles from './StatusLayout.module.css';

/** The quantum chemistry module's top-level route: the same page as /calculate/quantum. */
export default function ProthodPage() {
  return (
    <div className={styles.padded}>
      <QuantumPage />
    </div>
  );
}
