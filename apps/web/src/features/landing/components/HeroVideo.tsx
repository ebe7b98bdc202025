import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import classes from '../routes/LandingPage.module.css';

/** Rendered from CareSlot's own screens by apps/web/scripts/make-landing-media.ts. */
const POSTER = '/landing/hero-poster.webp';
const VIDEO = '/landing/hero.webm';

function useReducedMotion(): boolean {
  const query =
    typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
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
 * The hero's video banner. The poster is the page's largest paint; the video file (200 kB) is attached only
 * once the poster is on screen so it never delays it, and it plays in the same element. With reduced motion
 * only the poster shows. A button pauses the loop (WCAG 2.2.2).
 */
export function HeroVideo() {
  const { t } = useTranslation('landing');
  const reduced = useReducedMotion();
  const video = useRef<HTMLVideoElement>(null);
  const [posterReady, setPosterReady] = useState(false);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (reduced) return;
    let cancelled = false;
    const image = new Image();
    image.src = POSTER;
    void image
      .decode()
      .catch(() => undefined)
      .then(() => {
        if (!cancelled) setPosterReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, [reduced]);

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
      {reduced ? (
        <img
          className={classes.heroPoster}
          src={POSTER}
          alt=""
          width={960}
          height={600}
          fetchPriority="high"
        />
      ) : (
        <>
          <video
            ref={video}
            className={classes.heroPoster}
            poster={POSTER}
            src={posterReady ? VIDEO : undefined}
            autoPlay
            muted
            loop
            playsInline
            aria-hidden="true"
            tabIndex={-1}
          />
          <button
            type="button"
            className={classes.videoToggle}
            onClick={toggle}
            aria-label={paused ? t('hero.play') : t('hero.pause')}
          >
            {paused ? (
              <IconPlayerPlayFilled size={16} aria-hidden />
            ) : (
              <IconPlayerPauseFilled size={16} aria-hidden />
            )}
          </button>
        </>
      )}
      <figcaption className={classes.visuallyHidden}>{t('hero.video')}</figcaption>
    </figure>
  );
}
