import { Empty, Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import type { Structure3DProps } from './Structure3D.tsx';

const Structure3D = lazy(() => import('./Structure3D.tsx'));

/**
 * A result dialog's 3D pose panel at a fixed height, so the dialog does not jump: a spinner while
 * the structures load, a hint until a pose is chosen, then the pose in its pocket (3Dmol.js).
 */
export function PoseScene({ scene, loading, loadingText, emptyText, height }: { scene: Structure3DProps | null; loading: boolean; loadingText: string; emptyText: string; height: number }) {
  const placeholder = (content: ReactNode) => (
    <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', border: '1px solid #f0f0f0', borderRadius: 8 }}>{content}</div>
  );
  if (loading)
    return placeholder(
      <Spin tip={loadingText}>
        <div style={{ width: 120 }} />
      </Spin>,
    );
  if (!scene) return placeholder(<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />);
  return (
    <Suspense fallback={placeholder(<Spin />)}>
      <Structure3D {...scene} height={height} />
    </Suspense>
  );
}
