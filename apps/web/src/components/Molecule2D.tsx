import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MainModule as RDKitModule } from '@rdkit/rdkit';
import wasmUrl from '@rdkit/rdkit/RDKit_minimal.wasm?url';
import { registerMessages } from '../i18n/index.ts';

const NS = 'molecule2d';
registerMessages(NS, {
  zh: { invalid: '无法解析的结构', failed: '结构绘制组件加载失败' },
  en: { invalid: 'Unparsable structure', failed: 'Could not load the structure renderer' },
});

let rdkit: Promise<RDKitModule> | null = null;

/** One RDKit instance for the whole app, fetched (7 MB of wasm) only when a structure is first drawn. */
function loadRDKit(): Promise<RDKitModule> {
  rdkit ??= import('@rdkit/rdkit')
    .then(async ({ default: init }) => {
      const module = await init({ locateFile: () => wasmUrl });
      // Unparsable user SMILES are expected here; RDKit would log each one to the console.
      module.disable_logging();
      return module;
    })
    .catch((err: unknown) => {
      rdkit = null; // let a later structure try again
      throw err;
    });
  return rdkit;
}

/** Drawings by size and SMILES: paging back through a table must not redraw. */
const drawings = new Map<string, string | null>();
const DRAWINGS_MAX = 500;

/**
 * Atoms and bonds (indexed as in the SMILES) drawn highlighted, e.g. a structural alert's match;
 * optionally each atom in its own colour (RGB, 0–1) and radius, e.g. its weight in a prediction.
 */
export interface Highlight {
  atoms: readonly number[];
  bonds: readonly number[];
  highlightAtomColors?: Readonly<Record<number, readonly [number, number, number]>>;
  highlightAtomRadii?: Readonly<Record<number, number>>;
}

function draw(module: RDKitModule, smiles: string, width: number, height: number, highlight?: Highlight): string | null {
  const mol = (() => {
    try {
      return module.get_mol(smiles);
    } catch {
      return null;
    }
  })();
  if (!mol) return null;
  try {
    if (!mol.is_valid()) return null;
    // A transparent picture sits on hovered or selected rows; a capped bond length keeps ethanol from filling the box like a drug would.
    const options = { width, height, clearBackground: false, fixedBondLength: Math.round(Math.min(width, height) / 4), ...highlight };
    return mol.get_svg_with_highlights(JSON.stringify(options));
  } catch {
    return null;
  } finally {
    mol.delete();
  }
}

function remember(key: string, svg: string | null): void {
  if (drawings.size >= DRAWINGS_MAX) drawings.delete(drawings.keys().next().value as string);
  drawings.set(key, svg);
}

export interface Molecule2DProps {
  smiles: string;
  width?: number;
  height?: number;
  className?: string;
  highlight?: Highlight | undefined;
}

type Drawing = { key: string; svg: string | null } | { key: string; failed: true };

/**
 * A SMILES drawn as a 2D structure. The picture is RDKit's SVG shown through an
 * <img>, so nothing in it can run script or touch the page, whatever the SMILES says.
 */
export function Molecule2D({ smiles, width = 160, height = 120, className, highlight }: Molecule2DProps) {
  const { t } = useTranslation(NS);
  const text = smiles.trim();
  const highlightKey = highlight ? JSON.stringify(highlight) : '';
  const key = `${width}x${height}|${highlightKey}|${text}`;
  const [drawing, setDrawing] = useState<Drawing | null>(null);

  const cached = drawings.has(key) ? { key, svg: drawings.get(key) ?? null } : null;
  const current: Drawing | null = !text ? { key, svg: null } : (cached ?? (drawing?.key === key ? drawing : null));

  useEffect(() => {
    if (!text || drawings.has(key)) return;
    let live = true;
    loadRDKit().then(
      (module) => {
        const svg = draw(module, text, width, height, highlight);
        remember(key, svg);
        if (live) setDrawing({ key, svg });
      },
      () => {
        if (live) setDrawing({ key, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [key, text, width, height, highlight]);

  const box = { width, height };
  if (!current) {
    return (
      <div className={className} style={box} data-testid="molecule-2d" data-state="loading">
        <Skeleton.Image active style={box} />
      </div>
    );
  }
  if ('failed' in current || current.svg === null) {
    const failed = 'failed' in current;
    return (
      <div
        className={className}
        style={{
          ...box,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          boxSizing: 'border-box',
          padding: 6,
          background: '#f5f5f5',
          border: '1px dashed #d9d9d9',
          borderRadius: 6,
          color: '#8c8c8c',
          fontSize: 12,
          textAlign: 'center',
          lineHeight: 1.4,
        }}
        title={text}
        data-testid="molecule-2d"
        data-state="invalid"
      >
        {t(failed ? 'failed' : 'invalid')}
      </div>
    );
  }
  return (
    <img
      className={className}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(current.svg)}`}
      width={width}
      height={height}
      alt={text}
      title={text}
      draggable={false}
      style={{ display: 'block' }}
      data-testid="molecule-2d"
      data-state="ready"
    />
  );
}

export default Molecule2D;
