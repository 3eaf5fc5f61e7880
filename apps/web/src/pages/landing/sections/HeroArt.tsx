import { useTranslation } from 'react-i18next';
import { hexagon, useSvgId } from './svgId.ts';

const ROWS = [
  { label: 'docking', status: 'running', progress: 0.62, color: '#1668dc', chip: '#e6f0ff', chipText: '#1668dc' },
  { label: 'admet', status: 'done', progress: 1, color: '#16a34a', chip: '#e8f7ee', chipText: '#15803d' },
  { label: 'convert', status: 'queued', progress: 0.12, color: '#94a3b8', chip: '#f1f5f9', chipText: '#64748b' },
] as const;

const RADAR = [0.82, 0.64, 0.9, 0.55, 0.72];

/** The banner's drawing: a task monitor, a ring molecule and an ADMET radar, all inline SVG. */
export function HeroArt() {
  const { t } = useTranslation('landing');
  const id = useSvgId();
  const ring = hexagon(432, 112, 30);
  const radarAxis = (i: number, r: number): [number, number] => {
    const a = (Math.PI / 180) * (72 * i - 90);
    return [450 + r * Math.cos(a), 330 + r * Math.sin(a)];
  };
  const radarShape = RADAR.map((v, i) => radarAxis(i, 48 * v).join(',')).join(' ');

  return (
    <svg viewBox="0 0 560 440" role="img" aria-label={t('banner.eyebrow')} width="100%" height="100%">
      <defs>
        <linearGradient id={id('glow')} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#60a5fa" stopOpacity="0.45" />
          <stop offset="1" stopColor="#a78bfa" stopOpacity="0.2" />
        </linearGradient>
        <linearGradient id={id('bar')} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#3b82f6" />
          <stop offset="1" stopColor="#1668dc" />
        </linearGradient>
        <linearGradient id={id('area')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3b82f6" stopOpacity="0.35" />
          <stop offset="1" stopColor="#3b82f6" stopOpacity="0" />
        </linearGradient>
        <filter id={id('shadow')} x="-20%" y="-20%" width="140%" height="150%">
          <feDropShadow dx="0" dy="10" stdDeviation="12" floodColor="#1e3a8a" floodOpacity="0.16" />
        </filter>
      </defs>

      <circle cx="290" cy="220" r="200" fill={`url(#${id('glow')})`} />
      <circle cx="90" cy="70" r="6" fill="#93c5fd" />
      <circle cx="520" cy="240" r="4" fill="#c4b5fd" />
      <circle cx="60" cy="390" r="8" fill="#bfdbfe" />

      {/* Task monitor */}
      <g filter={`url(#${id('shadow')})`}>
        <rect x="30" y="90" width="360" height="250" rx="16" fill="#fff" />
      </g>
      <rect x="30" y="90" width="360" height="40" rx="16" fill="#f5f8ff" />
      <rect x="30" y="114" width="360" height="16" fill="#f5f8ff" />
      <circle cx="52" cy="110" r="4.5" fill="#f87171" />
      <circle cx="67" cy="110" r="4.5" fill="#fbbf24" />
      <circle cx="82" cy="110" r="4.5" fill="#34d399" />
      <text x="100" y="114" fontSize="12" fill="#475569" fontWeight="600">
        {t('banner.art.dashboard')}
      </text>
      {ROWS.map((row, i) => {
        const y = 158 + i * 40;
        return (
          <g key={row.label}>
            <rect x="50" y={y - 10} width="12" height="12" rx="3" fill={row.color} />
            <text x="70" y={y} fontSize="12" fill="#1f2937">
              {t(`banner.art.${row.label}`)}
            </text>
            <rect x="154" y={y - 8} width="100" height="8" rx="4" fill="#eef2f8" />
            <rect x="154" y={y - 8} width={100 * row.progress} height="8" rx="4" fill={row.color === '#1668dc' ? `url(#${id('bar')})` : row.color} />
            <rect x="266" y={y - 14} width="62" height="20" rx="10" fill={row.chip} />
            <text x="297" y={y} fontSize="11" fill={row.chipText} textAnchor="middle">
              {t(`banner.art.${row.status}`)}
            </text>
          </g>
        );
      })}
      <path d="M50 318 L90 296 L130 304 L170 280 L210 288 L250 262 L290 270 L330 250 L330 322 L50 322 Z" fill={`url(#${id('area')})`} />
      <path d="M50 318 L90 296 L130 304 L170 280 L210 288 L250 262 L290 270 L330 250" fill="none" stroke="#3b82f6" strokeWidth="2.5" strokeLinejoin="round" />

      {/* Ring molecule */}
      <g filter={`url(#${id('shadow')})`}>
        <rect x="340" y="30" width="190" height="164" rx="16" fill="#fff" />
      </g>
      <polygon points={ring.map((p) => p.join(',')).join(' ')} fill="none" stroke="#334155" strokeWidth="2.5" strokeLinejoin="round" />
      {[0, 2, 4].map((i) => {
        const a = ring[i]!;
        const b = ring[(i + 1) % 6]!;
        const shrink = (p: [number, number]): [number, number] => [432 + (p[0] - 432) * 0.74, 112 + (p[1] - 112) * 0.74];
        const [x1, y1] = shrink(a);
        const [x2, y2] = shrink(b);
        return <line key={i} x1={x1} y1={y1} x2={x2} y2={y2} stroke="#334155" strokeWidth="2" />;
      })}
      <line x1={ring[0]![0]} y1={ring[0]![1]} x2="432" y2="56" stroke="#334155" strokeWidth="2.5" />
      <circle cx="432" cy="52" r="9" fill="#ef4444" />
      <text x="432" y="56" fontSize="10" fill="#fff" textAnchor="middle" fontWeight="700">O</text>
      <line x1={ring[2]![0]} y1={ring[2]![1]} x2="496" y2="142" stroke="#334155" strokeWidth="2.5" />
      <line x1="496" y1="142" x2="496" y2="170" stroke="#334155" strokeWidth="2.5" />
      <circle cx="496" cy="172" r="9" fill="#2563eb" />
      <text x="496" y="176" fontSize="10" fill="#fff" textAnchor="middle" fontWeight="700">N</text>
      <line x1={ring[4]![0]} y1={ring[4]![1]} x2="370" y2="142" stroke="#334155" strokeWidth="2.5" />
      <circle cx="368" cy="143" r="8" fill="#22c55e" />
      <text x="368" y="147" fontSize="9" fill="#fff" textAnchor="middle" fontWeight="700">F</text>
      <rect x="356" y="44" width="58" height="18" rx="9" fill="#eef4ff" />
      <text x="385" y="57" fontSize="10" fill="#1668dc" textAnchor="middle">
        {t('banner.art.docking')}
      </text>

      {/* ADMET radar */}
      <g filter={`url(#${id('shadow')})`}>
        <rect x="372" y="252" width="160" height="150" rx="16" fill="#fff" />
      </g>
      {[1, 0.66, 0.33].map((s) => (
        <polygon
          key={s}
          points={RADAR.map((_, i) => radarAxis(i, 48 * s).join(',')).join(' ')}
          fill="none"
          stroke="#e2e8f0"
        />
      ))}
      {RADAR.map((_, i) => {
        const [x, y] = radarAxis(i, 48);
        return <line key={i} x1="450" y1="330" x2={x} y2={y} stroke="#e2e8f0" />;
      })}
      <polygon points={radarShape} fill="#8b5cf6" fillOpacity="0.28" stroke="#7c3aed" strokeWidth="2" />
      <text x="452" y="396" fontSize="11" fill="#475569" textAnchor="middle" fontWeight="600">
        {t('banner.art.admet')}
      </text>
    </svg>
  );
}
