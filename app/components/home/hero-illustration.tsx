/**
 * Decorative hero drawing: a tertiary building with rooftop solar panels, a heat pump and a
 * consumption chart going down. Inline SVG coloured with theme tokens; hidden from assistive tech.
 */
export function HeroIllustration() {
  const windows: { x: number; y: number; lit: boolean }[] = [];
  for (let row = 0; row < 4; row += 1) {
    for (let column = 0; column < 4; column += 1) {
      windows.push({ x: 96 + column * 48, y: 196 + row * 40, lit: (row + column) % 3 === 0 });
    }
  }
  return (
    <svg viewBox="0 0 480 420" aria-hidden="true" className="h-auto w-full" focusable="false">
      <circle cx="424" cy="62" r="52" className="fill-accent-400/15" />
      <circle cx="424" cy="62" r="30" className="fill-accent-400" />
      <path d="M40 372h400" className="stroke-brand-400/50" strokeWidth="2" strokeLinecap="round" />
      {/* Main building */}
      <rect x="72" y="168" width="216" height="204" rx="8" className="fill-brand-800" />
      <rect
        x="72"
        y="168"
        width="216"
        height="204"
        rx="8"
        className="fill-none stroke-brand-500/60"
        strokeWidth="2"
      />
      {windows.map((pane) => (
        <rect
          key={`${pane.x}-${pane.y}`}
          x={pane.x}
          y={pane.y}
          width="32"
          height="24"
          rx="3"
          className={pane.lit ? 'fill-accent-300/80' : 'fill-brand-600'}
        />
      ))}
      <rect x="160" y="336" width="40" height="36" rx="3" className="fill-brand-600" />
      {/* Rooftop solar panels */}
      {[0, 1, 2].map((panel) => (
        <g key={panel} transform={`translate(${92 + panel * 62} 126)`}>
          <path d="M8 0h48l-8 34H0z" className="fill-brand-300" />
          <path
            d="M32 0l-8 34M4 17h48"
            className="stroke-brand-700"
            strokeWidth="2"
            strokeLinecap="round"
          />
          <path d="M26 34v8" className="stroke-brand-400" strokeWidth="3" />
        </g>
      ))}
      {/* Annex with a heat pump */}
      <rect x="288" y="252" width="104" height="120" rx="6" className="fill-brand-700" />
      <rect x="306" y="272" width="68" height="20" rx="3" className="fill-brand-600" />
      <rect x="306" y="314" width="62" height="42" rx="5" className="fill-brand-100" />
      <circle cx="326" cy="335" r="13" className="fill-brand-300" />
      <path
        d="M326 324v22M315 335h22"
        className="stroke-brand-700"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <path d="M348 326h12M348 334h12M348 342h12" className="stroke-brand-400" strokeWidth="2" />
      {/* Consumption card */}
      <g transform="translate(296 124)">
        <rect width="176" height="116" rx="14" className="fill-white" />
        <rect x="16" y="16" width="64" height="8" rx="4" className="fill-brand-100" />
        {[56, 48, 40, 30, 22, 16].map((height, bar) => (
          <rect
            key={bar}
            x={18 + bar * 25}
            y={100 - height}
            width="16"
            height={height}
            rx="3"
            className={bar === 5 ? 'fill-accent-400' : 'fill-brand-500'}
          />
        ))}
        <path
          d="M26 36 L51 46 L76 54 L101 66 L126 74 L151 80"
          className="fill-none stroke-brand-800"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
          strokeDasharray="4 5"
        />
      </g>
      {/* Leaf badge */}
      <g transform="translate(36 92)">
        <circle cx="28" cy="28" r="28" className="fill-brand-500" />
        <path
          d="M18 38c0-14 8-22 22-22 0 14-8 22-22 22Zm0 0 10-10"
          className="fill-none stroke-white"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
    </svg>
  );
}
