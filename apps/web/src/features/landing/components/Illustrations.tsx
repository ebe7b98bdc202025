import type { ReactNode } from 'react';

/**
 * Drawings of CareSlot's own screens, made for this page as inline SVG (no stock art, a few hundred bytes
 * each). They carry no words, so they read the same in every language; the label describes them.
 */
const TEAL = '#0b7a74';
const TEAL_LIGHT = '#d2ebe9';
const INK = '#1b2b3c';
const LINE = '#c6d1dc';
const SOFT = '#f2f5f8';
const AMBER = '#f5a623';
const CORAL = '#e8684a';
const VIOLET = '#6c5ce7';

function Frame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 480 340"
      role="img"
      aria-label={label}
      width="100%"
      style={{ display: 'block', maxWidth: 520, height: 'auto' }}
    >
      <rect x="8" y="12" width="464" height="316" rx="18" fill="#ffffff" stroke={LINE} />
      <rect x="8" y="12" width="464" height="40" rx="18" fill={SOFT} />
      <rect x="8" y="40" width="464" height="12" fill={SOFT} />
      <circle cx="34" cy="32" r="6" fill={CORAL} />
      <circle cx="54" cy="32" r="6" fill={AMBER} />
      <circle cx="74" cy="32" r="6" fill="#3bb273" />
      <rect x="150" y="24" width="180" height="16" rx="8" fill="#ffffff" stroke={LINE} />
      {children}
    </svg>
  );
}

const bar = (x: number, y: number, w: number, fill = LINE, h = 10) => (
  <rect x={x} y={y} width={w} height={h} rx={h / 2} fill={fill} />
);

function Star({ x, y, fill = AMBER }: { x: number; y: number; fill?: string }) {
  return (
    <path
      transform={`translate(${x} ${y}) scale(0.9)`}
      d="M10 0l3 6.5 7 .8-5.2 4.8 1.4 7L10 15.6 3.8 19.1l1.4-7L0 7.3l7-.8z"
      fill={fill}
    />
  );
}

export function ReputationIllustration({ label }: { label: string }) {
  return (
    <Frame label={label}>
      <rect x="32" y="72" width="180" height="120" rx="14" fill={TEAL} />
      <text x="56" y="132" fill="#ffffff" fontSize="44" fontWeight="700" fontFamily="Inter, sans-serif">
        4.9
      </text>
      {[0, 1, 2, 3, 4].map((i) => (
        <Star key={i} x={58 + i * 26} y={150} fill="#ffd666" />
      ))}
      {[0, 1, 2, 3, 4].map((i) => (
        <g key={i}>
          <rect x="236" y={76 + i * 24} width="200" height="12" rx="6" fill={SOFT} />
          <rect x="236" y={76 + i * 24} width={[190, 120, 40, 18, 10][i]} height="12" rx="6" fill={AMBER} />
        </g>
      ))}
      {[0, 1].map((i) => (
        <g key={i}>
          <rect x="32" y={212 + i * 54} width="416" height="44" rx="10" fill={SOFT} />
          <circle cx="58" cy={234 + i * 54} r="12" fill={i ? VIOLET : TEAL_LIGHT} />
          {bar(80, 224 + i * 54, 160, INK, 8)}
          {bar(80, 238 + i * 54, 260)}
          {[0, 1, 2, 3, 4].map((s) => (
            <Star key={s} x={356 + s * 18} y={226 + i * 54} />
          ))}
        </g>
      ))}
    </Frame>
  );
}

export function MessengerIllustration({ label }: { label: string }) {
  return (
    <Frame label={label}>
      <rect x="8" y="52" width="150" height="276" fill={SOFT} />
      {[0, 1, 2, 3, 4].map((i) => (
        <g key={i}>
          <rect
            x="18"
            y={66 + i * 50}
            width="130"
            height="40"
            rx="10"
            fill={i === 0 ? '#ffffff' : SOFT}
            stroke={i === 0 ? TEAL : 'none'}
          />
          <circle cx="38" cy={86 + i * 50} r="10" fill={[TEAL, VIOLET, AMBER, CORAL, TEAL_LIGHT][i]} />
          {bar(56, 78 + i * 50, 70, INK, 7)}
          {bar(56, 92 + i * 50, 82, LINE, 6)}
        </g>
      ))}
      <rect x="180" y="74" width="190" height="44" rx="16" fill={SOFT} />
      {bar(196, 88, 150)}
      {bar(196, 102, 100)}
      <rect x="262" y="132" width="190" height="60" rx="16" fill={TEAL} />
      {bar(278, 148, 150, '#ffffff')}
      {bar(278, 166, 110, TEAL_LIGHT)}
      <rect x="180" y="206" width="230" height="62" rx="16" fill="#fff7e8" stroke={AMBER} />
      <rect x="194" y="220" width="34" height="34" rx="8" fill={AMBER} />
      {bar(240, 224, 140, INK, 8)}
      {bar(240, 240, 110)}
      <rect x="180" y="286" width="230" height="28" rx="14" fill="#ffffff" stroke={LINE} />
      <circle cx="436" cy="300" r="16" fill={TEAL} />
      <path
        d="M429 300h14m-5-5l5 5-5 5"
        stroke="#ffffff"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
      />
    </Frame>
  );
}

export function SchedulingIllustration({ label }: { label: string }) {
  const open = new Set(['0-0', '0-2', '1-1', '1-3', '2-0', '2-2', '2-4', '3-1', '3-3', '4-0', '4-2', '4-4']);
  return (
    <Frame label={label}>
      <circle cx="52" cy="92" r="22" fill={TEAL_LIGHT} />
      {bar(86, 80, 140, INK, 10)}
      {bar(86, 98, 100)}
      {[0, 1, 2, 3, 4].map((d) => (
        <g key={d}>
          <rect x={36 + d * 84} y="130" width="72" height="30" rx="8" fill={d === 1 ? TEAL : SOFT} />
          {bar(52 + d * 84, 141, 40, d === 1 ? '#ffffff' : INK, 8)}
          {[0, 1, 2, 3, 4].map((s) => {
            const isOpen = open.has(`${d}-${s}`);
            return (
              <rect
                key={s}
                x={36 + d * 84}
                y={172 + s * 30}
                width="72"
                height="22"
                rx="11"
                fill={isOpen ? '#ffffff' : SOFT}
                stroke={isOpen ? TEAL : 'none'}
                strokeWidth="1.5"
              />
            );
          })}
        </g>
      ))}
      <rect x="120" y="232" width="72" height="22" rx="11" fill={TEAL} />
    </Frame>
  );
}

export function CheckInIllustration({ label }: { label: string }) {
  return (
    <svg
      viewBox="0 0 480 340"
      role="img"
      aria-label={label}
      width="100%"
      style={{ display: 'block', maxWidth: 520, height: 'auto' }}
    >
      <rect x="150" y="8" width="180" height="324" rx="28" fill={INK} />
      <rect x="160" y="22" width="160" height="296" rx="20" fill="#ffffff" />
      <rect x="212" y="30" width="56" height="8" rx="4" fill={INK} />
      {bar(176, 56, 90, INK, 10)}
      <rect x="176" y="76" width="128" height="8" rx="4" fill={SOFT} />
      <rect x="176" y="76" width="96" height="8" rx="4" fill={TEAL} />
      {[0, 1, 2, 3].map((i) => (
        <g key={i}>
          <rect x="176" y={98 + i * 48} width="128" height="38" rx="10" fill={i < 3 ? '#eef8f7' : SOFT} />
          <circle cx="194" cy={117 + i * 48} r="9" fill={i < 3 ? TEAL : LINE} />
          {i < 3 ? (
            <path
              d={`M189 ${117 + i * 48}l4 4 7-8`}
              stroke="#ffffff"
              strokeWidth="2"
              fill="none"
              strokeLinecap="round"
            />
          ) : null}
          {bar(210, 112 + i * 48, 76, i < 3 ? INK : LINE, 8)}
        </g>
      ))}
      <rect x="176" y="290" width="128" height="18" rx="9" fill={TEAL} />
      <rect x="24" y="120" width="110" height="70" rx="14" fill="#ffffff" stroke={LINE} />
      <rect x="38" y="134" width="40" height="26" rx="4" fill={TEAL_LIGHT} />
      {bar(38, 168, 80)}
      <rect x="346" y="96" width="112" height="120" rx="14" fill="#ffffff" stroke={LINE} />
      {[0, 1, 2, 3].map((i) => bar(360, 112 + i * 18, [84, 60, 72, 50][i]!))}
      <path
        d="M362 190c14-10 24 8 38-2s24 6 40-4"
        stroke={VIOLET}
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function TelemedicineIllustration({ label }: { label: string }) {
  return (
    <Frame label={label}>
      <rect x="24" y="66" width="432" height="208" rx="14" fill="#20384f" />
      <circle cx="240" cy="150" r="44" fill="#f0c9a6" />
      <path d="M196 142c0-34 88-34 88 0v-22c0-30-88-30-88 0z" fill="#3b2a20" />
      <path d="M162 274c6-50 40-74 78-74s72 24 78 74z" fill="#ffffff" />
      <path d="M222 202l18 30 18-30" fill={TEAL_LIGHT} />
      <rect x="340" y="186" width="100" height="74" rx="10" fill="#385a78" stroke="#ffffff" strokeWidth="2" />
      <circle cx="390" cy="214" r="14" fill="#c8906a" />
      <path d="M366 260c2-18 12-26 24-26s22 8 24 26z" fill={VIOLET} />
      {[0, 1, 2].map((i) => (
        <circle key={i} cx={196 + i * 44} cy="302" r="16" fill={i === 2 ? CORAL : SOFT} />
      ))}
      <rect x="34" y="76" width="86" height="22" rx="11" fill="rgba(255,255,255,0.16)" />
      <circle cx="50" cy="87" r="5" fill={CORAL} />
      {bar(62, 83, 48, '#ffffff', 8)}
    </Frame>
  );
}

export function SurveysIllustration({ label }: { label: string }) {
  const heights = [40, 56, 48, 72, 88, 96, 110];
  return (
    <Frame label={label}>
      <rect x="32" y="72" width="130" height="110" rx="14" fill={TEAL} />
      <text x="52" y="136" fill="#ffffff" fontSize="40" fontWeight="700" fontFamily="Inter, sans-serif">
        92
      </text>
      {bar(52, 152, 80, TEAL_LIGHT, 8)}
      <rect x="180" y="72" width="268" height="110" rx="14" fill={SOFT} />
      {heights.map((h, i) => (
        <rect
          key={i}
          x={200 + i * 34}
          y={170 - h * 0.85}
          width="20"
          height={h * 0.85}
          rx="6"
          fill={i === heights.length - 1 ? TEAL : TEAL_LIGHT}
        />
      ))}
      {[0, 1, 2].map((i) => (
        <g key={i}>
          <rect x="32" y={200 + i * 40} width="416" height="30" rx="10" fill="#ffffff" stroke={LINE} />
          {bar(48, 210 + i * 40, [120, 160, 100][i]!, INK, 9)}
          {[0, 1, 2, 3, 4].map((s) => (
            <circle
              key={s}
              cx={330 + s * 24}
              cy={215 + i * 40}
              r="8"
              fill={s <= [4, 3, 4][i]! ? AMBER : SOFT}
            />
          ))}
        </g>
      ))}
    </Frame>
  );
}

export function PaymentsIllustration({ label }: { label: string }) {
  return (
    <Frame label={label}>
      <rect x="40" y="80" width="220" height="136" rx="16" fill={TEAL} />
      <rect x="40" y="110" width="220" height="24" fill="#075a56" />
      <rect x="60" y="150" width="40" height="28" rx="5" fill="#ffd666" />
      {bar(60, 192, 120, TEAL_LIGHT, 8)}
      <rect x="286" y="72" width="164" height="230" rx="14" fill={SOFT} />
      {[0, 1, 2, 3].map((i) => (
        <g key={i}>
          {bar(302, 94 + i * 30, [70, 86, 60, 74][i]!)}
          {bar(400, 94 + i * 30, 34, INK, 10)}
        </g>
      ))}
      <line x1="302" y1="214" x2="434" y2="214" stroke={LINE} strokeDasharray="4 4" />
      {bar(302, 228, 60, INK, 12)}
      {bar(390, 228, 44, TEAL, 12)}
      <rect x="302" y="256" width="132" height="30" rx="15" fill={TEAL} />
      <path d="M356 271l6 6 12-12" stroke="#ffffff" strokeWidth="3" fill="none" strokeLinecap="round" />
      <rect x="40" y="236" width="220" height="66" rx="14" fill="#ffffff" stroke={LINE} />
      <circle cx="70" cy="269" r="14" fill="#3bb273" />
      <path d="M63 269l5 5 9-10" stroke="#ffffff" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      {bar(96, 258, 120, INK, 9)}
      {bar(96, 274, 90)}
    </Frame>
  );
}

export function ContinuedCareIllustration({ label }: { label: string }) {
  return (
    <Frame label={label}>
      <line x1="76" y1="80" x2="76" y2="306" stroke={TEAL_LIGHT} strokeWidth="6" strokeLinecap="round" />
      {[0, 1, 2, 3].map((i) => (
        <g key={i}>
          <circle
            cx="76"
            cy={96 + i * 62}
            r="14"
            fill={i < 3 ? TEAL : '#ffffff'}
            stroke={TEAL}
            strokeWidth="3"
          />
          <rect
            x="106"
            y={74 + i * 62}
            width={[300, 250, 330, 280][i]}
            height="46"
            rx="12"
            fill={i === 1 ? '#f1eefe' : SOFT}
          />
          {bar(122, 88 + i * 62, [140, 120, 170, 150][i]!, INK, 9)}
          {bar(122, 104 + i * 62, [220, 180, 240, 200][i]!)}
        </g>
      ))}
      <rect x="360" y="124" width="80" height="40" rx="12" fill={VIOLET} />
      <path d="M380 144h40m-8-8l8 8-8 8" stroke="#ffffff" strokeWidth="3" fill="none" strokeLinecap="round" />
    </Frame>
  );
}
