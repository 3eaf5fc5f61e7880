import type { ReactElement } from 'react';
import type { LandingModule } from './modules.ts';
import { hexagon, useSvgId } from './svgId.ts';

const INK = '#334155';

/** A peptide backbone winding through coloured residues. */
function Peptide() {
  const residues = [
    [40, 150, '#60a5fa'],
    [78, 112, '#34d399'],
    [120, 132, '#f59e0b'],
    [150, 90, '#a78bfa'],
    [196, 104, '#f472b6'],
    [218, 62, '#60a5fa'],
    [262, 80, '#34d399'],
    [276, 130, '#f59e0b'],
    [236, 160, '#a78bfa'],
    [190, 170, '#f472b6'],
  ] as const;
  const path = residues.map(([x, y], i) => `${i ? 'L' : 'M'}${x} ${y}`).join(' ');
  return (
    <>
      <path d={path} fill="none" stroke="#cbd5e1" strokeWidth="10" strokeLinejoin="round" strokeLinecap="round" />
      <path d={path} fill="none" stroke={INK} strokeWidth="2.5" strokeLinejoin="round" strokeDasharray="2 5" />
      {residues.map(([x, y, c], i) => (
        <circle key={i} cx={x} cy={y} r="13" fill={c} stroke="#fff" strokeWidth="3" />
      ))}
    </>
  );
}

/** A radar of five properties against the drug-like range. */
function Admet() {
  const point = (i: number, r: number) => {
    const a = (Math.PI / 180) * (72 * i - 90);
    return `${160 + r * Math.cos(a)},${115 + r * Math.sin(a)}`;
  };
  const ring = (r: number) => [0, 1, 2, 3, 4].map((i) => point(i, r)).join(' ');
  const values = [0.8, 0.55, 0.9, 0.65, 0.75];
  return (
    <>
      {[80, 56, 32].map((r) => (
        <polygon key={r} points={ring(r)} fill="none" stroke="#dbe3ef" />
      ))}
      <polygon points={ring(60)} fill="#34d399" fillOpacity="0.12" stroke="#34d399" strokeDasharray="4 4" />
      <polygon points={values.map((v, i) => point(i, 80 * v)).join(' ')} fill="#6366f1" fillOpacity="0.3" stroke="#4f46e5" strokeWidth="2.5" />
      {values.map((v, i) => {
        const [x, y] = point(i, 80 * v).split(',').map(Number);
        return <circle key={i} cx={x} cy={y} r="4" fill="#4f46e5" />;
      })}
    </>
  );
}

/** A protein surface with a ligand sitting in its pocket. */
function Affinity() {
  const ring = hexagon(196, 112, 18);
  return (
    <>
      <path
        d="M40 70 C70 20 160 20 190 50 C205 65 170 80 172 112 C174 144 210 160 196 180 C170 214 70 206 44 170 C20 136 22 100 40 70 Z"
        fill="#bfdbfe"
        stroke="#60a5fa"
        strokeWidth="2"
      />
      <path d="M70 90 C90 70 120 72 140 90" fill="none" stroke="#93c5fd" strokeWidth="6" strokeLinecap="round" />
      <path d="M66 140 C90 160 120 160 142 146" fill="none" stroke="#93c5fd" strokeWidth="6" strokeLinecap="round" />
      <polygon points={ring.map((p) => p.join(',')).join(' ')} fill="#fff7ed" stroke="#f97316" strokeWidth="2.5" />
      <line x1={ring[1]![0]} y1={ring[1]![1]} x2="246" y2="84" stroke="#f97316" strokeWidth="2.5" />
      <circle cx="250" cy="82" r="7" fill="#ef4444" />
      <path d="M176 112 L150 112" stroke="#22c55e" strokeWidth="2" strokeDasharray="3 4" />
      <path d="M204 130 L214 160" stroke="#22c55e" strokeWidth="2" strokeDasharray="3 4" />
      <rect x="226" y="150" width="70" height="26" rx="13" fill="#1668dc" />
      <text x="261" y="167" fontSize="12" fill="#fff" textAnchor="middle" fontWeight="600">
        pKd 7.8
      </text>
    </>
  );
}

/** Pharmacophore features as spheres joined by distance constraints. */
function Pharmacophore() {
  const features = [
    [80, 70, '#ef4444'],
    [220, 60, '#3b82f6'],
    [250, 160, '#f59e0b'],
    [110, 170, '#22c55e'],
    [165, 115, '#a855f7'],
  ] as const;
  const pairs = [
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 0],
    [0, 4],
    [1, 4],
    [2, 4],
    [3, 4],
  ] as const;
  return (
    <>
      {pairs.map(([a, b]) => (
        <line
          key={`${a}-${b}`}
          x1={features[a][0]}
          y1={features[a][1]}
          x2={features[b][0]}
          y2={features[b][1]}
          stroke="#94a3b8"
          strokeWidth="1.5"
          strokeDasharray="5 5"
        />
      ))}
      {features.map(([x, y, c], i) => (
        <g key={i}>
          <circle cx={x} cy={y} r="26" fill={c} fillOpacity="0.16" />
          <circle cx={x} cy={y} r="11" fill={c} />
        </g>
      ))}
    </>
  );
}

/** Steps chained into a pipeline. */
function Workflow() {
  const boxes = [
    [24, 40, '#1668dc'],
    [120, 40, '#7c3aed'],
    [216, 40, '#0891b2'],
    [120, 140, '#16a34a'],
  ] as const;
  return (
    <>
      {[104, 200].map((x) => (
        <g key={x}>
          <line x1={x} y1="64" x2={x + 10} y2="64" stroke={INK} strokeWidth="2" />
          <polygon points={`${x + 16},64 ${x + 9},59 ${x + 9},69`} fill={INK} />
        </g>
      ))}
      <path d="M256 90 L256 164 L204 164" fill="none" stroke={INK} strokeWidth="2" strokeDasharray="5 4" />
      <path d="M64 90 L64 164 L116 164" fill="none" stroke="#cbd5e1" strokeWidth="2" strokeDasharray="5 4" />
      {boxes.map(([x, y, c], i) => (
        <g key={i}>
          <rect x={x} y={y} width="80" height="48" rx="10" fill="#fff" stroke={c} strokeWidth="2" />
          <rect x={x + 12} y={y + 14} width="20" height="20" rx="5" fill={c} />
          <rect x={x + 40} y={y + 16} width="28" height="6" rx="3" fill="#cbd5e1" />
          <rect x={x + 40} y={y + 27} width="18" height="6" rx="3" fill="#e2e8f0" />
        </g>
      ))}
    </>
  );
}

const ART: Record<LandingModule['key'], () => ReactElement> = {
  peptide: Peptide,
  admet: Admet,
  affinity: Affinity,
  pharmacophore: Pharmacophore,
  workflow: Workflow,
};

/** A small drawing for each module tab, on a soft tinted card. */
export function ModuleArt({ kind }: { kind: LandingModule['key'] }) {
  const id = useSvgId();
  const Drawing = ART[kind];
  return (
    <svg viewBox="0 0 320 230" width="100%" height="100%" aria-hidden="true">
      <defs>
        <linearGradient id={id('bg')} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f0f6ff" />
          <stop offset="1" stopColor="#f5f3ff" />
        </linearGradient>
      </defs>
      <rect width="320" height="230" rx="20" fill={`url(#${id('bg')})`} />
      <Drawing />
    </svg>
  );
}
