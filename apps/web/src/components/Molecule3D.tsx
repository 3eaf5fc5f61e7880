import { useEffect } from 'react';
import { use3dmolViewer } from './use3dmolViewer.ts';
import { Viewer3DBox } from './Viewer3DBox.tsx';

/** The small-molecule style every quantum and structure view shares. */
export const BALL_AND_STICK = { stick: { radius: 0.14 }, sphere: { scale: 0.25 } };

/** A small molecule (XYZ, SDF, ...) as ball-and-stick in 3Dmol.js; 3Dmol.js itself loads with the first one drawn. */
export function Molecule3D({ data, format = 'xyz', height = 380, testId }: { data: string; format?: 'xyz' | 'sdf' | 'mol2' | 'pdb'; height?: number; testId?: string }) {
  const { host, viewer, failed } = use3dmolViewer();

  useEffect(() => {
    if (!viewer) return;
    viewer.clear();
    viewer.addModel(data, format);
    viewer.setStyle({}, BALL_AND_STICK);
    viewer.zoomTo();
    viewer.render();
  }, [viewer, data, format]);

  return <Viewer3DBox host={host} failed={failed} height={height} testId={testId} />;
}
