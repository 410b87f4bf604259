/** The drawing's recurring parts (a house, the sun, heat, a fan), in the theme's colours. */
/** A simple house, shared by the residential scenes. */
export function House({ roof = 'fill-brand-700' }: { roof?: string }) {
  return (
    <g>
      <rect x="150" y="112" width="160" height="88" className="fill-white" />
      <polygon points="134,116 230,52 326,116" className={roof} />
      <rect x="214" y="150" width="32" height="50" rx="3" className="fill-brand-200" />
      <rect x="168" y="132" width="32" height="26" rx="3" className="fill-brand-100" />
      <rect x="260" y="132" width="32" height="26" rx="3" className="fill-brand-100" />
    </g>
  );
}

export function Sun({ x, y }: { x: number; y: number }) {
  const rays = [0, 45, 90, 135, 180, 225, 270, 315];
  return (
    <g>
      {rays.map((angle) => (
        <line
          key={angle}
          x1={x}
          y1={y - 30}
          x2={x}
          y2={y - 40}
          transform={`rotate(${angle} ${x} ${y})`}
          strokeWidth="4"
          strokeLinecap="round"
          className="stroke-accent-400"
        />
      ))}
      <circle cx={x} cy={y} r="22" className="fill-accent-300" />
    </g>
  );
}

export function HeatWaves({ x, y }: { x: number; y: number }) {
  return (
    <g fill="none" strokeWidth="4" strokeLinecap="round" className="stroke-accent-500">
      {[0, 16, 32].map((dx) => (
        <path key={dx} d={`M${x + dx} ${y} c-6 -8 6 -14 0 -22 c-6 -8 6 -14 0 -22`} />
      ))}
    </g>
  );
}

/** A fan: the outdoor unit of a heat pump or the condenser of a cold unit. */
export function Fan({ cx, cy, r }: { cx: number; cy: number; r: number }) {
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} className="fill-brand-100" />
      {[20, 110, 200, 290].map((angle) => (
        <ellipse
          key={angle}
          cx={cx}
          cy={cy - r * 0.45}
          rx={r * 0.28}
          ry={r * 0.45}
          transform={`rotate(${angle} ${cx} ${cy})`}
          className="fill-brand-500"
        />
      ))}
      <circle cx={cx} cy={cy} r={r * 0.18} className="fill-brand-800" />
    </g>
  );
}
