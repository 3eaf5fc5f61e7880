import { Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SketcherRequest } from './SketcherDialog.tsx';
import styles from './MoleculeInput.module.css';
import './molecule-input.i18n.ts';

// The editor and OpenChemLib load with the first request, not with the page.
const SketcherDialog = lazy(() => import('./SketcherDialog.tsx'));

interface Props {
  request: SketcherRequest | null;
  onDone: (smiles: string) => void;
  onCancel: () => void;
}

/** The molecule editor's dialog, fetched on the first request and kept, so reopening it does not wait for the chunk again. */
export function LazySketcher({ request, onDone, onCancel }: Props) {
  const { t } = useTranslation('moleculeInput');
  const [loaded, setLoaded] = useState(false);
  if (request && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense
      fallback={
        <div className={styles.loading} data-testid="sketcher-loading">
          <Spin size="small" /> {t('loading')}
        </div>
      }
    >
      <SketcherDialog request={request} onDone={onDone} onCancel={onCancel} />
    </Suspense>
  );
}
