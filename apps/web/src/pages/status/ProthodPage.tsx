import ComingSoon from '../../components/ComingSoon.tsx';
import styles from './StatusLayout.module.css';

/** The quantum chemistry module's top-level route; the module itself is not built yet. */
export default function ProthodPage() {
  return (
    <div className={styles.padded}>
      <ComingSoon titleKey="nav.quantum" descriptionKey="nav.desc.quantum" />
    </div>
  );
}
