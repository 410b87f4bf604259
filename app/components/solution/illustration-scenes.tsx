/** One drawing per family of work (artwork data, SVG in the theme's colours). */
import type { ReactNode } from 'react';

import type { IllustrationKind } from '#app/content/solutions/types.ts';
import { House, Sun, HeatWaves, Fan } from './illustration-parts.tsx';

export const scenes: Record<IllustrationKind, () => ReactNode> = {
  insulation: () => (
    <g>
      <rect x="138" y="104" width="184" height="96" className="fill-accent-200" />
      <polygon points="118,118 230,42 342,118 326,118 230,58 134,118" className="fill-accent-300" />
      <House />
      <g strokeWidth="3" strokeLinecap="round" className="stroke-accent-500">
        {[116, 136, 156, 176].map((y) => (
          <line key={y} x1="141" y1={y} x2="147" y2={y + 8} />
        ))}
        {[116, 136, 156, 176].map((y) => (
          <line key={y} x1="313" y1={y} x2="319" y2={y + 8} />
        ))}
      </g>
      <Sun x={410} y={60} />
    </g>
  ),
  'heat-pump': () => (
    <g>
      <House />
      <rect x="334" y="140" width="100" height="60" rx="6" className="fill-white" />
      <rect
        x="334"
        y="140"
        width="100"
        height="60"
        rx="6"
        fill="none"
        strokeWidth="3"
        className="stroke-brand-300"
      />
      <Fan cx={368} cy={170} r={22} />
      <rect x="400" y="152" width="22" height="6" rx="3" className="fill-brand-300" />
      <rect x="400" y="166" width="22" height="6" rx="3" className="fill-brand-300" />
      <rect x="310" y="176" width="24" height="6" className="fill-brand-400" />
      <HeatWaves x={356} y={128} />
    </g>
  ),
  solar: () => (
    <g>
      <House roof="fill-brand-600" />
      <rect x="200" y="76" width="60" height="14" rx="1.5" className="fill-brand-900" />
      <rect x="172" y="94" width="116" height="14" rx="1.5" className="fill-brand-900" />
      <g strokeWidth="2" className="stroke-brand-400">
        {[215, 230, 245].map((x) => (
          <line key={x} x1={x} y1="76" x2={x} y2="90" />
        ))}
        {[191, 211, 230, 249, 269].map((x) => (
          <line key={x} x1={x} y1="94" x2={x} y2="108" />
        ))}
      </g>
      <Sun x={400} y={62} />
    </g>
  ),
  air: () => (
    <g>
      <House />
      <g fill="none" strokeWidth="5" strokeLinecap="round" className="stroke-brand-400">
        <path d="M40 120 C 80 100, 100 140, 140 120" />
        <path d="M40 160 C 80 140, 100 180, 140 160" />
      </g>
      <g fill="none" strokeWidth="5" strokeLinecap="round" className="stroke-accent-500">
        <path d="M320 120 C 360 100, 380 140, 420 120" />
        <path d="M320 160 C 360 140, 380 180, 420 160" />
      </g>
      <polygon points="140,110 156,120 140,130" className="fill-brand-400" />
      <polygon points="140,150 156,160 140,170" className="fill-brand-400" />
      <polygon points="420,110 436,120 420,130" className="fill-accent-500" />
      <polygon points="420,150 436,160 420,170" className="fill-accent-500" />
    </g>
  ),
  water: () => (
    <g>
      <rect x="190" y="36" width="100" height="164" rx="40" className="fill-white" />
      <rect x="198" y="100" width="84" height="92" rx="32" className="fill-brand-200" />
      <rect
        x="190"
        y="36"
        width="100"
        height="164"
        rx="40"
        fill="none"
        strokeWidth="4"
        className="stroke-brand-400"
      />
      <path
        d="M240 60 c12 16 18 26 18 34 a18 18 0 0 1 -36 0 c0 -8 6 -18 18 -34z"
        className="fill-brand-600"
      />
      <rect x="206" y="200" width="10" height="10" className="fill-brand-400" />
      <rect x="264" y="200" width="10" height="10" className="fill-brand-400" />
      <HeatWaves x={318} y={160} />
      <g fill="none" strokeWidth="5" strokeLinecap="round" className="stroke-brand-300">
        <path d="M120 150 H 186" />
        <path d="M120 170 H 186" />
      </g>
    </g>
  ),
  stove: () => (
    <g>
      <rect x="226" y="20" width="28" height="70" className="fill-brand-600" />
      <rect x="190" y="86" width="100" height="114" rx="10" className="fill-brand-800" />
      <rect x="206" y="104" width="68" height="62" rx="8" className="fill-accent-100" />
      <path
        d="M240 160 c-22 0 -26 -20 -14 -36 c2 10 8 12 10 8 c-4 -14 4 -24 12 -30 c-2 12 14 20 12 36 c0 14 -8 22 -20 22z"
        className="fill-accent-500"
      />
      <path
        d="M240 160 c-10 0 -12 -10 -6 -18 c4 6 8 2 10 -4 c6 8 8 22 -4 22z"
        className="fill-accent-300"
      />
      <rect x="200" y="176" width="80" height="8" rx="4" className="fill-brand-600" />
      <HeatWaves x={318} y={150} />
    </g>
  ),
  lighting: () => (
    <g>
      <rect x="0" y="0" width="480" height="18" className="fill-brand-200" />
      {[100, 240, 380].map((x) => (
        <g key={x}>
          <polygon
            points={`${x - 20},40 ${x + 20},40 ${x + 70},200 ${x - 70},200`}
            className="fill-accent-100"
          />
          <rect x={x - 2} y="18" width="4" height="16" className="fill-brand-600" />
          <rect x={x - 24} y="32" width="48" height="10" rx="5" className="fill-brand-700" />
          <rect x={x - 18} y="41" width="36" height="4" rx="2" className="fill-accent-400" />
        </g>
      ))}
    </g>
  ),
  data: () => (
    <g>
      <rect x="100" y="30" width="280" height="164" rx="14" className="fill-white" />
      <rect x="100" y="30" width="280" height="28" rx="14" className="fill-brand-700" />
      <rect x="100" y="44" width="280" height="14" className="fill-brand-700" />
      <circle cx="118" cy="44" r="4" className="fill-accent-400" />
      {[110, 92, 120, 132, 146, 156].map((y, index) => (
        <rect
          key={y}
          x={130 + index * 40}
          y={y}
          width="26"
          height={180 - y}
          rx="4"
          className="fill-brand-200"
        />
      ))}
      <path
        d="M143 96 L183 80 L223 108 L263 122 L303 136 L343 146"
        fill="none"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-accent-500"
      />
      <circle cx="343" cy="146" r="6" className="fill-accent-500" />
    </g>
  ),
  cold: () => (
    <g>
      <rect x="96" y="70" width="170" height="130" rx="10" className="fill-white" />
      <rect
        x="96"
        y="70"
        width="170"
        height="130"
        rx="10"
        fill="none"
        strokeWidth="3"
        className="stroke-brand-300"
      />
      {[140, 222].map((cx) => (
        <Fan key={cx} cx={cx} cy={135} r={32} />
      ))}
      <circle cx="340" cy="110" r="46" className="fill-white" />
      <circle cx="340" cy="110" r="46" fill="none" strokeWidth="4" className="stroke-brand-400" />
      <path
        d="M306 126 A36 36 0 1 1 374 126"
        fill="none"
        strokeWidth="6"
        className="stroke-brand-100"
      />
      <line
        x1="340"
        y1="110"
        x2="316"
        y2="96"
        strokeWidth="5"
        strokeLinecap="round"
        className="stroke-accent-500"
      />
      <circle cx="340" cy="110" r="6" className="fill-brand-700" />
      <g strokeWidth="4" strokeLinecap="round" className="stroke-brand-500">
        <line x1="340" y1="172" x2="340" y2="208" />
        <line x1="324" y1="181" x2="356" y2="199" />
        <line x1="324" y1="199" x2="356" y2="181" />
      </g>
    </g>
  ),
  roof: () => (
    <g>
      <rect x="70" y="120" width="300" height="80" className="fill-brand-100" />
      <polygon points="60,124 220,96 380,124" className="fill-white" />
      <polygon
        points="60,124 220,96 380,124"
        fill="none"
        strokeWidth="3"
        className="stroke-brand-300"
      />
      {[110, 170, 230, 290].map((x) => (
        <rect key={x} x={x} y="150" width="40" height="50" className="fill-brand-300" />
      ))}
      <Sun x={420} y={50} />
      <g fill="none" strokeWidth="4" strokeLinecap="round" className="stroke-accent-400">
        <path d="M392 72 L 250 104 L 160 40" />
        <path d="M400 84 L 320 110 L 280 46" />
      </g>
      <polygon points="160,40 176,44 166,54" className="fill-accent-400" />
      <polygon points="280,46 294,52 282,60" className="fill-accent-400" />
    </g>
  ),
};
