import type { Language } from '@careslot/contracts';

function star(cx: number, cy: number, outer: number, rotation = 0): string {
  const inner = outer * 0.382;
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = ((-90 + rotation + i * 36) * Math.PI) / 180;
    return `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`;
  });
  return points.join(' ');
}

/**
 * Small flags for the language widget (practice-portal.md §2.3: "a language flag widget"), drawn inline
 * because emoji flags do not render on every system (Windows shows letters) and images would cost requests.
 */
const FLAGS: Record<Language, React.ReactNode> = {
  es: (
    <>
      <rect width="30" height="20" fill="#AA151B" />
      <rect y="5" width="30" height="10" fill="#F1BF00" />
    </>
  ),
  en: (
    <>
      <rect width="30" height="20" fill="#FFFFFF" />
      {Array.from({ length: 7 }, (_, i) => (
        <rect key={i} y={(i * 20) / 6.5} width="30" height={20 / 13} fill="#B22234" />
      ))}
      <rect width="13" height={(20 / 13) * 7} fill="#3C3B6E" />
      {[2.2, 5.4, 8.6, 11].flatMap((x) =>
        [2.2, 5.4, 8.6].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r="0.7" fill="#FFFFFF" />),
      )}
    </>
  ),
  'zh-CN': (
    <>
      <rect width="30" height="20" fill="#EE1C25" />
      <polygon points={star(5, 5, 3)} fill="#FFFF00" />
      <polygon points={star(10, 2, 1, 23)} fill="#FFFF00" />
      <polygon points={star(12, 4, 1, 46)} fill="#FFFF00" />
      <polygon points={star(12, 7, 1, 70)} fill="#FFFF00" />
      <polygon points={star(10, 9, 1, 21)} fill="#FFFF00" />
    </>
  ),
  vi: (
    <>
      <rect width="30" height="20" fill="#DA251D" />
      <polygon points={star(15, 10.5, 6)} fill="#FFFF00" />
    </>
  ),
  ko: (
    <>
      <rect width="30" height="20" fill="#FFFFFF" />
      <path d="M10 10a5 5 0 0 1 10 0a2.5 2.5 0 0 1 -5 0a2.5 2.5 0 0 0 -5 0z" fill="#CD2E3A" />
      <path d="M10 10a5 5 0 0 0 10 0a2.5 2.5 0 0 0 -5 0a2.5 2.5 0 0 1 -5 0z" fill="#0047A0" />
      <g stroke="#000000" strokeWidth="0.9">
        <path d="M4 5.5l2.6-2.6M4.9 6.4l2.6-2.6M5.8 7.3l2.6-2.6" />
        <path d="M21.6 14.9l2.6 2.6M22.5 14l2.6 2.6M23.4 13.1l2.6 2.6" />
        <path d="M21.6 5.1l2.6 2.6M22.5 4.2l2.6 2.6M23.4 3.3l2.6 2.6" />
        <path d="M4 14.5l2.6 2.6M4.9 13.6l2.6 2.6M5.8 12.7l2.6 2.6" />
      </g>
    </>
  ),
  ja: (
    <>
      <rect width="30" height="20" fill="#FFFFFF" />
      <circle cx="15" cy="10" r="6" fill="#BC002D" />
    </>
  ),
};

export function Flag({ language, width = 22 }: { language: Language; width?: number }) {
  return (
    <svg
      width={width}
      height={(width * 2) / 3}
      viewBox="0 0 30 20"
      aria-hidden
      focusable="false"
      style={{
        borderRadius: 3,
        boxShadow: '0 0 0 1px rgba(27, 43, 60, 0.15)',
        flex: 'none',
        display: 'block',
      }}
    >
      {FLAGS[language]}
    </svg>
  );
}
