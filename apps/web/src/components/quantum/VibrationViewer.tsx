import { useEffect, useRef } from 'react';
import { BALL_AND_STICK } from '../Molecule3D.tsx';
import { use3dmolViewer } from '../use3dmolViewer.ts';
import { Viewer3DBox } from '../Viewer3DBox.tsx';

/** Frames each way of the oscillation, and milliseconds per frame: about one period per second. */
const FRAMES = 10;
const FRAME_MS = 50;
const ARROW = { color: '#fa541c', radius: 0.06 };

/**
 * One normal mode animated in 3Dmol.js: `xyz` carries each atom's displacement (see vibrationXyz),
 * 3Dmol.js builds the frames (`vibrate`) and plays them back and forth with arrows on the atoms.
 * The camera is fitted only when another mode or molecule comes in, so a user's rotation survives
 * play/stop and amplitude changes.
 */
export function VibrationViewer({ xyz, amplitude, playing, height }: { xyz: string; amplitude: number; playing: boolean; height: number }) {
  const { host, viewer, failed } = use3dmolViewer();
  const fitted = useRef<string | null>(null);

  useEffect(() => {
    if (!viewer) return;
    viewer.stopAnimate();
    viewer.clear();
    const model = viewer.addModel(xyz, 'xyz');
    viewer.setStyle({}, BALL_AND_STICK);
    model.vibrate(FRAMES, amplitude, true, ARROW);
    if (fitted.current !== xyz) {
      viewer.zoomTo();
      fitted.current = xyz;
    }
    if (playing) viewer.animate({ loop: 'backAndForth', interval: FRAME_MS });
    viewer.render();
  }, [viewer, xyz, amplitude, playing]);

  return <Viewer3DBox host={host} failed={failed} height={height} testId="quantum-vibration-3d" />;
}
