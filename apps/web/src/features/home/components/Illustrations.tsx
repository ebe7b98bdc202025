/**
 * The home page's illustrations, drawn for CareSlot as inline SVG: no image requests, crisp at any size,
 * colours from the theme. They carry meaning only as decoration plus an alt text given by the caller.
 */

function Star({ x, y, size = 10 }: { x: number; y: number; size?: number }) {
  const points = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? size : size * 0.42;
    const a = ((-90 + i * 36) * Math.PI) / 180;
    return `${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  return <polygon points={points} fill="#f5b82e" />;
}

function Doctor({ x, y, scale = 1 }: { x: number; y: number; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      {/* coat and shoulders */}
      <path d="M-52 70c4-34 24-52 52-52s48 18 52 52z" fill="#ffffff" />
      <path d="M-14 20l14 26 14-26c-5-2-9-3-14-3s-9 1-14 3z" fill="#77c4be" />
      <path d="M-14 20l-8 50M14 20l8 50" stroke="#c6d1dc" strokeWidth="2" fill="none" />
      {/* stethoscope */}
      <path
        d="M-20 24c-8 16-6 30 6 34M20 24c6 14 4 26-4 32"
        stroke="#1b2b3c"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      <circle cx="16" cy="58" r="5" fill="#1b2b3c" />
      {/* neck and head */}
      <rect x="-8" y="4" width="16" height="16" rx="6" fill="#d9a27c" />
      <circle cx="0" cy="-12" r="22" fill="#e7b38f" />
      <path d="M-23-12c0-18 10-28 24-28s22 10 22 24c-6-8-18-12-30-10-6 1-10 6-16 14z" fill="#3b2a20" />
      <circle cx="-8" cy="-10" r="2.2" fill="#1b2b3c" />
      <circle cx="8" cy="-10" r="2.2" fill="#1b2b3c" />
      <path d="M-7 0c4 4 10 4 14 0" stroke="#a0563d" strokeWidth="2.2" fill="none" strokeLinecap="round" />
    </g>
  );
}

/** A booked slot on a calendar beside a doctor: the promise of the page, in one picture. */
export function HeroIllustration({ title }: { title: string }) {
  return (
    <svg
      viewBox="0 0 520 440"
      role="img"
      aria-label={title}
      width="100%"
      style={{ display: 'block', maxWidth: 520 }}
    >
      <title>{title}</title>
      <defs>
        <filter id="hero-shadow" x="-20%" y="-20%" width="140%" height="150%">
          <feDropShadow dx="0" dy="14" stdDeviation="14" floodColor="#1b2b3c" floodOpacity="0.14" />
        </filter>
        <linearGradient id="hero-blob" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#d2ebe9" />
          <stop offset="1" stopColor="#a6d8d4" />
        </linearGradient>
      </defs>

      <path
        d="M92 92c52-62 170-78 262-46s150 108 128 196-92 168-206 176S48 382 34 300 40 154 92 92z"
        fill="url(#hero-blob)"
      />
      <circle cx="448" cy="78" r="26" fill="#ffffff" opacity="0.7" />
      <path d="M60 60h10v-10h8v10h10v8H78v10h-8V68H60z" fill="#0b7a74" opacity="0.5" />
      <path d="M440 360h8v-8h6v8h8v6h-8v8h-6v-8h-8z" fill="#0b7a74" opacity="0.45" />

      {/* calendar card */}
      <g filter="url(#hero-shadow)">
        <rect x="190" y="82" width="270" height="256" rx="22" fill="#ffffff" />
      </g>
      <path d="M190 104a22 22 0 0 1 22-22h226a22 22 0 0 1 22 22v26H190z" fill="#0b7a74" />
      <rect x="236" y="70" width="10" height="26" rx="5" fill="#44576b" />
      <rect x="404" y="70" width="10" height="26" rx="5" fill="#44576b" />
      <rect x="212" y="98" width="96" height="12" rx="6" fill="#ffffff" opacity="0.9" />
      {[0, 1, 2, 3, 4].map((col) => (
        <rect key={`d${col}`} x={214 + col * 48} y={148} width={30} height={8} rx={4} fill="#c6d1dc" />
      ))}
      {[0, 1, 2].map((row) =>
        [0, 1, 2, 3, 4].map((col) => {
          const booked = row === 1 && col === 2;
          const muted = (row + col) % 4 === 3;
          return (
            <rect
              key={`s${row}${col}`}
              x={208 + col * 48}
              y={172 + row * 44}
              width={42}
              height={32}
              rx={9}
              fill={booked ? '#0b7a74' : muted ? '#f2f5f8' : '#e7f5f4'}
              stroke={booked ? 'none' : muted ? '#e3e9ef' : '#a6d8d4'}
            />
          );
        }),
      )}
      <path
        d="M313 233l7 7 13-14"
        stroke="#ffffff"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="208" y="306" width="120" height="14" rx="7" fill="#e3e9ef" />

      {/* doctor portrait */}
      <g filter="url(#hero-shadow)">
        <circle cx="150" cy="276" r="94" fill="#ffffff" />
      </g>
      <clipPath id="hero-portrait">
        <circle cx="150" cy="276" r="84" />
      </clipPath>
      <g clipPath="url(#hero-portrait)">
        <circle cx="150" cy="276" r="84" fill="#e3f0fb" />
        <Doctor x={150} y={300} scale={1.25} />
      </g>

      {/* rating */}
      <g filter="url(#hero-shadow)">
        <rect x="292" y="352" width="172" height="46" rx="23" fill="#ffffff" />
      </g>
      {[0, 1, 2, 3, 4].map((i) => (
        <Star key={i} x={320 + i * 29} y={375} size={10} />
      ))}

      {/* location pin */}
      <g filter="url(#hero-shadow)">
        <path d="M112 40c-22 0-38 16-38 37 0 28 38 63 38 63s38-35 38-63c0-21-16-37-38-37z" fill="#f06b5b" />
      </g>
      <circle cx="112" cy="77" r="13" fill="#ffffff" />
    </svg>
  );
}

/** A video visit on a phone: the doctor on screen, the patient's own picture, the call controls. */
export function VideoVisitIllustration({ title }: { title: string }) {
  return (
    <svg
      viewBox="0 0 240 260"
      role="img"
      aria-label={title}
      width="100%"
      style={{ display: 'block', maxWidth: 240 }}
    >
      <title>{title}</title>
      <circle cx="120" cy="140" r="112" fill="#d2ebe9" />
      <rect x="62" y="22" width="116" height="226" rx="22" fill="#1b2b3c" />
      <rect x="70" y="34" width="100" height="202" rx="15" fill="#e3f0fb" />
      <clipPath id="video-screen">
        <rect x="70" y="34" width="100" height="202" rx="15" />
      </clipPath>
      <g clipPath="url(#video-screen)">
        <Doctor x={120} y={150} scale={0.95} />
      </g>
      <rect x="132" y="46" width="28" height="38" rx="6" fill="#ffffff" stroke="#c6d1dc" />
      <circle cx="146" cy="60" r="6" fill="#a5b4c3" />
      <path d="M136 80c2-7 6-10 10-10s8 3 10 10z" fill="#a5b4c3" />
      <circle cx="96" cy="216" r="10" fill="#ffffff" />
      <circle cx="120" cy="216" r="10" fill="#f06b5b" />
      <circle cx="144" cy="216" r="10" fill="#ffffff" />
      <rect x="93" y="210" width="6" height="10" rx="3" fill="#44576b" />
      <path d="M114 217h12" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" />
      <rect x="139" y="212" width="8" height="8" rx="2" fill="#44576b" />
      <path d="M147 214l4-2v8l-4-2z" fill="#44576b" />
      <rect x="104" y="26" width="32" height="5" rx="2.5" fill="#44576b" />
      <circle cx="196" cy="58" r="18" fill="#0b7a74" />
      <path
        d="M188 58l6 6 10-12"
        stroke="#ffffff"
        strokeWidth="3.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
