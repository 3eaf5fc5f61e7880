import type { AtomSelectionSpec, AtomSpec, GLViewer } from '3dmol';
import { useEffect, useRef, useState } from 'react';
import { midpoint, residueLabel, type Measurement, type PickedAtom, type Point, type SelectedResidue } from './picking.ts';
import { POLYMER_RESIDUES, WATERS } from './structure-reader.ts';
import type { LoadedStructure } from './useViewerStructures.ts';
import type { DisplayOptions, PocketBox } from './viewer-params.ts';

export interface SceneState {
  structures: readonly LoadedStructure[];
  display: DisplayOptions;
  pocketBox: PocketBox | null;
  selection: readonly SelectedResidue[];
  measurements: readonly Measurement[];
  pending: PickedAtom | null;
  onPick: (atom: PickedAtom) => void;
}

/** The first structure in rainbow order (N to C terminus); overlaid ones each in one colour, to tell them apart. */
const OVERLAY_COLOURS = ['#fa8c16', '#13c2c2', '#eb2f96', '#a0d911', '#722ed1', '#8c8c8c'];
const isLigand = (atom: AtomSpec) => !POLYMER_RESIDUES.has(atom.resn ?? '') && !WATERS.has(atom.resn ?? '');
const LIGANDS: AtomSelectionSpec = { predicate: isLigand };
const POLYMER: AtomSelectionSpec = { predicate: (atom: AtomSpec) => POLYMER_RESIDUES.has(atom.resn ?? '') };
/** Residues within this of a ligand line its pocket. */
const POCKET_SHELL = 5;
const MEASURE_COLOUR = '#fadb14';
const SELECTION_COLOUR = '#f5222d';
const LABEL = { fontSize: 12, fontColor: 'black', backgroundColor: 'white', backgroundOpacity: 0.8, borderThickness: 0, inFront: true } as const;

const xyz = ([x, y, z]: Point) => ({ x, y, z });
const positionOf = (atom: AtomSpec): Point => [atom.x ?? 0, atom.y ?? 0, atom.z ?? 0];

const insideBox = (atom: AtomSpec, box: PocketBox) => positionOf(atom).every((v, i) => Math.abs(v - box.center[i]!) <= box.size[i]! / 2);

function cartoonOf(model: number) {
  return model === 0 ? { color: 'spectrum' } : { color: OVERLAY_COLOURS[(model - 1) % OVERLAY_COLOURS.length] };
}

/** The pocket: residues inside the docking box when there is one, else those around the ligands, as thin sticks. */
function drawPocket(viewer: GLViewer, box: PocketBox | null): void {
  if (box) {
    viewer.addBox({ center: xyz(box.center), dimensions: { w: box.size[0], h: box.size[1], d: box.size[2] }, color: '#fa541c', wireframe: true });
    viewer.addStyle({ predicate: (atom: AtomSpec) => POLYMER_RESIDUES.has(atom.resn ?? '') && insideBox(atom, box), byres: true }, { stick: { radius: 0.12 } });
  } else {
    viewer.addStyle({ ...POLYMER, byres: true, within: { distance: POCKET_SHELL, sel: LIGANDS } }, { stick: { radius: 0.12 } });
  }
}

function drawSelection(viewer: GLViewer, structures: readonly LoadedStructure[], selection: readonly SelectedResidue[]): void {
  for (const residue of selection) {
    const model = structures.findIndex((s) => s.key === residue.structure);
    if (model < 0) continue;
    const sel = { model, chain: residue.chain, resi: residue.resi };
    viewer.addStyle(sel, { stick: { radius: 0.2, colorscheme: 'orangeCarbon' } });
    const atoms = viewer.selectedAtoms(sel);
    const anchor = atoms.find((a) => a.atom === 'CA') ?? atoms[0];
    if (anchor) viewer.addLabel(residueLabel(residue), { ...LABEL, fontColor: SELECTION_COLOUR, position: xyz(positionOf(anchor)) });
  }
}

function drawMeasurements(viewer: GLViewer, measurements: readonly Measurement[], pending: PickedAtom | null): void {
  for (const m of measurements) {
    viewer.addCylinder({ start: xyz(m.from.position), end: xyz(m.to.position), radius: 0.06, color: MEASURE_COLOUR, dashed: true, dashLength: 0.25, gapLength: 0.15 });
    viewer.addLabel(`${m.distance.toFixed(2)} Å`, { ...LABEL, position: xyz(midpoint(m.from.position, m.to.position)) });
  }
  if (pending) viewer.addSphere({ center: xyz(pending.position), radius: 0.45, color: MEASURE_COLOUR, opacity: 0.7 });
}

/**
 * Draws the viewer's state into a 3Dmol.js viewer: the structures (rebuilt only when they
 * change), their representations, the selection with labels, the distances, and the surface
 * (computed again only when it is switched or its opacity changes). Clicking an atom calls
 * `onPick`. `surfaceReady` tells when the last surface asked for is drawn.
 */
export function useViewerScene(viewer: GLViewer | null, state: SceneState) {
  const { structures, display, pocketBox, selection, measurements, pending } = state;
  const onPick = useRef(state.onPick);
  onPick.current = state.onPick;
  const [surfaceReady, setSurfaceReady] = useState(false);

  useEffect(() => {
    if (!viewer) return;
    viewer.clear();
    structures.forEach((structure, model) => {
      viewer.addModel(structure.text, structure.format);
      viewer.setClickable({ model }, true, (atom: AtomSpec) =>
        onPick.current({ structure: structure.key, chain: atom.chain ?? '', resi: atom.resi ?? 0, resn: atom.resn ?? '', atom: atom.atom ?? '', position: positionOf(atom) }),
      );
    });
    // A docking box is where the link means to look: the pocket fills the view, the protein around it.
    if (pocketBox) viewer.zoomTo({ predicate: (atom: AtomSpec) => insideBox(atom, pocketBox) });
    else viewer.zoomTo();
  }, [viewer, structures, pocketBox]);

  useEffect(() => {
    if (!viewer) return;
    viewer.removeAllShapes();
    viewer.removeAllLabels();
    viewer.setStyle({}, {});
    structures.forEach((_, model) => {
      if (display.cartoon) viewer.setStyle({ ...POLYMER, model }, { cartoon: cartoonOf(model) });
    });
    if (display.ligand) viewer.addStyle(LIGANDS, { stick: { radius: 0.15 }, sphere: { scale: 0.25 } });
    if (display.pocket) drawPocket(viewer, pocketBox);
    drawSelection(viewer, structures, selection);
    drawMeasurements(viewer, measurements, pending);
    viewer.render();
  }, [viewer, structures, display.cartoon, display.ligand, display.pocket, pocketBox, selection, measurements, pending]);

  useEffect(() => {
    if (!viewer) return;
    let current = true;
    viewer.removeAllSurfaces();
    setSurfaceReady(!display.surface);
    if (display.surface && structures.length > 0) {
      const built: unknown = viewer.addSurface('VDW', { opacity: display.surfaceOpacity, color: 'white' }, POLYMER);
      void Promise.resolve(built).then(() => {
        if (!current) return;
        viewer.render();
        setSurfaceReady(true);
      });
    } else {
      viewer.render();
    }
    return () => {
      current = false;
    };
  }, [viewer, structures, display.surface, display.surfaceOpacity]);

  return { surfaceReady };
}
