import './module-page/module-page.i18n.ts';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { use3dmolViewer } from './use3dmolViewer.ts';

export interface Box3D {
  name: string;
  center: [number, number, number];
  size: [number, number, number];
}

/** A dashed line between two points (an interaction), in its colour, with an optional label at its end. */
export interface Line3D {
  from: [number, number, number];
  to: [number, number, number];
  color: string;
  label?: string;
}

/** A translucent sphere (a pharmacophore feature or an excluded volume), optionally labelled at its centre. */
export interface Sphere3D {
  center: [number, number, number];
  radius: number;
  color: string;
  opacity: number;
  label?: string;
}

export interface Structure3DProps {
  pdb: string;
  /** Pocket centres drawn as small spheres; the highlighted ones also get their docking box. */
  pockets?: Box3D[];
  highlighted?: readonly string[];
  /** A docked pose (SDF block) drawn as sticks; the view then centres on it and shows the residues around it. */
  ligand?: string;
  /** Interactions of the pose, drawn as dashed cylinders labelled at their protein end. */
  lines?: readonly Line3D[];
  /** A second molecule (SDF or MOL block) drawn as thin grey sticks under the pose: a query's reference ligand. */
  reference?: string;
  spheres?: readonly Sphere3D[];
  /** Every atom as thin sticks under the cartoon: a peptide, whose side chains are the structure. */
  sticks?: boolean;
  /** Each MODEL of `pdb` drawn at once, model k's cartoon in `overlay[k]` (models already superposed). */
  overlay?: readonly string[];
  height?: number;
}

/** Zoom factor after fitting a pose: below 1 moves the camera back (about a 10 Å shell around a drug-sized ligand). */
const POCKET_ZOOM_OUT = 0.45;
const QUERY_ZOOM_OUT = 0.7;

/** A protein as cartoon with pockets and docking boxes, in 3Dmol.js; the view follows its props. */
const NO_POCKETS: readonly Box3D[] = [];
const NO_NAMES: readonly string[] = [];
const NO_LINES: readonly Line3D[] = [];
const NO_SPHERES: readonly Sphere3D[] = [];
const xyz = ([x, y, z]: [number, number, number]) => ({ x, y, z });

/**
 * `value` as first seen, for as long as its content stays the same. Callers build the pockets,
 * highlighted names, lines and spheres afresh on every render, and a new array would rebuild the
 * whole scene (the protein read and drawn again: seconds for a kinase in software WebGL) whenever
 * a form field or a poll re-renders the page around it.
 */
function useByContent<T>(value: T): T {
  const key = JSON.stringify(value);
  return useMemo(() => value, [key]);
}

export default function Structure3D({ pdb, ligand, reference, sticks = false, height = 380, ...shapes }: Structure3DProps) {
  const overlay = useByContent(shapes.overlay ?? null);
  const pockets = useByContent(shapes.pockets ?? NO_POCKETS);
  const highlighted = useByContent(shapes.highlighted ?? NO_NAMES);
  const lines = useByContent(shapes.lines ?? NO_LINES);
  const spheres = useByContent(shapes.spheres ?? NO_SPHERES);
  const { t } = useTranslation('modulePage');
  // 3Dmol.js' own default (5 Å): the view fitted around a pose keeps its pocket around it.
  const { host, viewer, failed } = use3dmolViewer({ minimumZoomToDistance: 5 });

  useEffect(() => {
    if (!viewer) return;
    viewer.clear();
    if (overlay) {
      viewer.addModels(pdb, 'pdb').forEach((model, k) => model.setStyle({}, { cartoon: { color: overlay[k % overlay.length] }, stick: { radius: 0.08, color: overlay[k % overlay.length] } }));
      viewer.zoomTo();
      viewer.render();
      return;
    }
    viewer.addModel(pdb, 'pdb');
    // With a pose or a reference shown the cartoon recedes, so it does not hide the ligand.
    viewer.setStyle({}, { cartoon: { color: 'spectrum', opacity: ligand || reference ? 0.55 : 1 }, ...(sticks ? { stick: { radius: 0.12 } } : {}) });
    viewer.setStyle({ hetflag: true }, { stick: { radius: 0.2 } });
    for (const p of pockets) {
      const on = highlighted.includes(p.name);
      const [x, y, z] = p.center;
      viewer.addSphere({ center: { x, y, z }, radius: on ? 1.2 : 0.8, color: on ? '#fa541c' : '#1677ff' });
      if (on) viewer.addBox({ center: { x, y, z }, dimensions: { w: p.size[0], h: p.size[1], d: p.size[2] }, color: '#fa541c', wireframe: true });
    }
    const referenceModel = reference ? viewer.addModel(reference, 'sdf') : null;
    referenceModel?.setStyle({}, { stick: { radius: 0.12, color: '#8c8c8c' } });
    for (const sphere of spheres) {
      viewer.addSphere({ center: xyz(sphere.center), radius: sphere.radius, color: sphere.color, opacity: sphere.opacity });
      if (sphere.label) viewer.addLabel(sphere.label, { position: xyz(sphere.center), fontSize: 11, fontColor: sphere.color, backgroundOpacity: 0, borderThickness: 0, inFront: true });
    }
    if (ligand) {
      const pose = viewer.addModel(ligand, 'sdf');
      pose.setStyle({}, { stick: { radius: 0.22, colorscheme: 'greenCarbon' } });
      // Residues lining the pose, so the contacts can be read without hunting for them.
      viewer.setStyle({ model: 0, byres: true, within: { distance: 4.5, sel: { model: pose } } }, { cartoon: { color: 'spectrum', opacity: 0.55 }, stick: { radius: 0.12 } });
      // Fit the pose, then step back so the pocket around it is in view too.
      for (const line of lines) {
        viewer.addCylinder({ start: xyz(line.from), end: xyz(line.to), radius: 0.08, color: line.color, dashed: true, dashLength: 0.3, gapLength: 0.2 });
      }
      // One label per residue, at its first interaction's protein end.
      const labelled = new Set<string>();
      for (const line of lines) {
        if (!line.label || labelled.has(line.label)) continue;
        labelled.add(line.label);
        viewer.addLabel(line.label, { position: xyz(line.to), fontSize: 11, fontColor: 'black', backgroundColor: 'white', backgroundOpacity: 0.75, borderThickness: 0, inFront: true });
      }
      viewer.zoomTo({ model: pose });
      viewer.zoom(POCKET_ZOOM_OUT);
    } else if (referenceModel) {
      // The query's features sit on the reference: a closer view than a pose's, the site still around it.
      viewer.setStyle({ model: 0, byres: true, within: { distance: 4.5, sel: { model: referenceModel } } }, { cartoon: { color: 'spectrum', opacity: 0.55 }, stick: { radius: 0.12 } });
      viewer.zoomTo({ model: referenceModel });
      viewer.zoom(QUERY_ZOOM_OUT);
    } else {
      viewer.zoomTo();
    }
    viewer.render();
  }, [viewer, pdb, pockets, highlighted, ligand, lines, reference, spheres, sticks, overlay]);

  return (
    <div style={{ position: 'relative', width: '100%', height, border: '1px solid #f0f0f0', borderRadius: 8 }} data-testid="structure-3d" data-lines={lines.length} data-spheres={spheres.length}>
      <div ref={host} style={{ position: 'absolute', inset: 0 }} />
      {failed && <div style={{ padding: 16, color: '#999' }}>{t('view3dFailed')}</div>}
    </div>
  );
}
