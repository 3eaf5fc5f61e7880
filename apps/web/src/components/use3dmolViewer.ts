import type { GLViewer } from '3dmol';
import { useEffect, useRef, useState } from 'react';
import { load3Dmol } from './load3dmol.ts';
import { rendersWebglInSoftware } from './webgl-renderer.ts';

/** Half the smallest view fitted around a molecule, Å: 3Dmol.js keeps at least 5 Å by default, which leaves water a dot. */
const MIN_VIEW_RADIUS = 3;

/**
 * One 3Dmol.js viewer in the returned host element, created once 3Dmol.js has loaded (it loads
 * with the first structure drawn) and cleared when the component goes. `failed` when it cannot load.
 * `minimumZoomToDistance` (Å) is the smallest half-view `zoomTo` fits around a selection.
 */
export function use3dmolViewer({ minimumZoomToDistance = MIN_VIEW_RADIUS } = {}) {
  const host = useRef<HTMLDivElement>(null);
  const [viewer, setViewer] = useState<GLViewer | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let created: GLViewer | null = null;
    let gone = false;
    load3Dmol()
      .then(($3Dmol) => {
        if (gone || !host.current) return;
        created = $3Dmol.createViewer(host.current, { backgroundColor: 'white', minimumZoomToDistance, antialias: !rendersWebglInSoftware() });
        setViewer(created);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      created?.stopAnimate();
      created?.clear();
    };
  }, []);

  return { host, viewer, failed };
}
