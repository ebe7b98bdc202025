import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import classes from '../routes/LandingPage.module.css';

/** Rendered from CareSlot's own screens by apps/web/scripts/make-landing-media.ts. */
const POSTER = '/landing/hero-poster.webp';
const VIDEO = '/landing/hero.webm';

function useReducedMotion(): boolean {
  const query = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  const [reduced, setReduced] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [query]);
  return reduced;
}

/**
 * The hero's video banner. The poster is an ordinary image (it is the page's largest paint), the video
 * fades in over it once it plays; with reduced motion only the poster shows. A button pauses it (WCAG 2.2.2).
 */
export function HeroVideo() {
  const { t } = useTranslation('landing');
  const reduced = useReducedMotion();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [paused, setPaused] = useState(false);

  const toggle = () => {
    const el = video.current;
    if (!el) return;
    if (el.paused) {
      void el.play();
      setPaused(false);
    } else {
      el.pause();
      setPaused(true);
    }
  };

  return (
    <figure className={classes.heroMedia}>
      <img className={classes.heroPoster} src={POSTER} alt={t('hero.video')} width={960} height={600} fetchPriority="high" />
      {reduced ? null : (
        <>
          <video
            ref={video}
            className={classes.heroVideo}
            data-playing={playing || undefined}
            src={VIDEO}
            autoPlay
            muted
            loop
            playsInline
            preload="metadata"
            aria-hidden="true"
            tabIndex={-1}
            onPlaying={() => setPlaying(true)}
          />
          <button type="button" className={classes.videoToggle} onClick={toggle} aria-label={paused ? t('hero.play') : t('hero.pause')}>
            {paused ? <IconPlayerPlayFilled size={16} aria-hidden /> : <IconPlayerPauseFilled size={16} aria-hidden />}
          </button>
        </>
      )}
    </figure>
  );
}
