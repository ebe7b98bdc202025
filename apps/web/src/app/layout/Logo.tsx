/** The CareSlot mark: a calendar page whose booked slot is a medical cross. Drawn here, no image request. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect x="1" y="3" width="30" height="28" rx="8" fill="#0b7a74" />
      <rect x="1" y="3" width="30" height="9" rx="8" fill="#075a56" />
      <rect x="1" y="8" width="30" height="4" fill="#075a56" />
      <rect x="8" y="0.5" width="3" height="6" rx="1.5" fill="#50b3ac" />
      <rect x="21" y="0.5" width="3" height="6" rx="1.5" fill="#50b3ac" />
      <path d="M14 15h4v4h4v4h-4v4h-4v-4h-4v-4h4z" fill="#ffffff" />
    </svg>
  );
}

/** The mark and the product name; the name is the brand and stays the same in every language. */
export function Logo({ inverse = false }: { inverse?: boolean }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <LogoMark />
      <span
        data-wordmark
        style={{
          fontWeight: 800,
          fontSize: 22,
          letterSpacing: '-0.02em',
          color: inverse ? '#ffffff' : 'var(--mantine-color-ink-9)',
        }}
      >
        Care<span style={{ color: inverse ? '#77c4be' : 'var(--mantine-color-brand-7)' }}>Slot</span>
      </span>
    </span>
  );
}
