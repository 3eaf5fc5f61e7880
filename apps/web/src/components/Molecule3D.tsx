import type { GLViewer } from '3dmol';
import './module-page/module-page.i18n.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { load3Dmol } from './load3dmol.ts';

/** Half the smallest view fitted around a molecule, Å. */
const MIN_VIEW_RADIUS = 3;

/** A small molecule (XYZ, SDF, ...) as ball-and-stick in 3Dmol.js; 3Dmol.js itself loads with the first one drawn. */
export function Molecule3D({ data, format = 'xyz', height = 380, testId }: { data: string; format?: 'xyz' | 'sdf' | 'mol2' | 'pdb'; height?: number; testId?: string }) {
  const { t } = useTranslation('modulePage');
  const host = useRef<HTMLDivElement>(null);
  const [viewer, setViewer] = useState<GLViewer | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let created: GLViewer | null = null;
    let gone = false;
    load3Dmol()
      .then(($3Dmol) => {
        if (gone || !host.current) return;
        // 3Dmol.js keeps at least a 10 Å view by default, which leaves water a dot in the middle.
        created = $3Dmol.createViewer(host.current, { backgroundColor: 'white', minimumZoomToDistance: MIN_VIEW_RADIUS });
        setViewer(created);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      created?.clear();
    };
  }, []);

  useEffect(() => {
    if (!viewer) return;
    viewer.clear();
    viewer.addModel(data, format);
    viewer.setStyle({}, { stick: { radius: 0.14 }, sphere: { scale: 0.25 } });
    viewer.zoomTo();
    viewer.render();
  }, [viewer, data, format]);

  return (
    <div style={{ position: 'relative', width: '100%', height, border: '1px solid #f0f0f0', borderRadius: 8 }} data-testid={testId}>
      <div ref={host} style={{ position: 'absolute', inset: 0 }} />
      {failed && <div style={{ padding: 16, color: '#999' }}>{t('view3dFailed')}</div>}
    </div>
  );
}
