import { useCallback, useEffect, useRef, useState } from 'react';
import { LANDING_SCROLL, LANDING_SECTIONS, type LandingSection } from '@careslot/contracts';
import { nextSection, sectionFromSearch } from './sections';

const EDGE_TOLERANCE_PX = 4;
const SWIPE_MIN_PX = 50;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Elements that keep arrow keys for themselves (typing, choosing). */
function ownsArrowKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    !!target.closest('[role="listbox"],[role="menu"],[role="dialog"]')
  );
}

/**
 * Full-page scrolling of the landing page (practice-portal.md §2.14, §4.10; constants.md): one section per
 * wheel gesture (1000 ms throttle), arrow keys and swipes step the active section (1..10), each move
 * animates for 1000 ms. A section taller than the screen is read with the ordinary scroll first; the step
 * happens at its edge. Reduced motion jumps without the animation.
 */
export function useFullPageScroll(search: string) {
  const [active, setActive] = useState<LandingSection>(() => sectionFromSearch(search) ?? 'home');
  const [animating, setAnimating] = useState(false);
  const activeRef = useRef(active);
  const lastStepAt = useRef(-Infinity);
  const animation = useRef<number | null>(null);
  const touchStartY = useRef<number | null>(null);

  const element = (section: LandingSection) => document.getElementById(section);

  const goTo = useCallback(
    (section: LandingSection, options: { animate?: boolean; focus?: boolean } = {}) => {
      const target = element(section);
      if (!target) return;
      activeRef.current = section;
      setActive(section);
      if (animation.current !== null) cancelAnimationFrame(animation.current);
      const from = window.scrollY;
      const to = Math.max(0, Math.round(target.getBoundingClientRect().top + window.scrollY));
      const finish = () => {
        animation.current = null;
        setAnimating(false);
        if (options.focus) target.focus({ preventScroll: true });
      };
      if (options.animate === false || prefersReducedMotion() || from === to) {
        window.scrollTo(0, to);
        finish();
        return;
      }
      setAnimating(true);
      const start = performance.now();
      const frame = (now: number) => {
        const progress = Math.min(1, (now - start) / LANDING_SCROLL.animationMs);
        window.scrollTo(0, from + (to - from) * easeInOutCubic(progress));
        if (progress < 1) animation.current = requestAnimationFrame(frame);
        else finish();
      };
      animation.current = requestAnimationFrame(frame);
    },
    [],
  );

  /** Steps when the gesture is allowed; returns whether the page took it over from the browser. */
  const step = useCallback(
    (direction: 1 | -1): boolean => {
      const current = element(activeRef.current);
      if (current && animation.current === null) {
        const rect = current.getBoundingClientRect();
        // Let the browser scroll inside a tall section until its edge is on screen.
        if (direction > 0 && rect.bottom > window.innerHeight + EDGE_TOLERANCE_PX) return false;
        if (direction < 0 && rect.top < -EDGE_TOLERANCE_PX) return false;
      }
      const target = nextSection(activeRef.current, direction);
      if (!target) return false;
      const now = performance.now();
      if (now - lastStepAt.current < LANDING_SCROLL.wheelThrottleMs) return true;
      lastStepAt.current = now;
      goTo(target);
      return true;
    },
    [goTo],
  );

  // ?section=<name> opens that section: the dot follows at once, the page jumps there after rendering.
  const [seenSearch, setSeenSearch] = useState(search);
  if (search !== seenSearch) {
    setSeenSearch(search);
    const section = sectionFromSearch(search);
    if (section) setActive(section);
  }
  useEffect(() => {
    const section = sectionFromSearch(search);
    const target = section ? element(section) : null;
    if (!section || !target) return;
    activeRef.current = section;
    window.scrollTo(0, Math.round(target.getBoundingClientRect().top + window.scrollY));
  }, [search]);

  useEffect(() => {
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || Math.abs(event.deltaY) < Math.abs(event.deltaX) || event.deltaY === 0) return;
      if (ownsArrowKeys(event.target) && event.target instanceof HTMLTextAreaElement) return;
      if (step(event.deltaY > 0 ? 1 : -1)) event.preventDefault();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || ownsArrowKeys(event.target)) return;
      const direction =
        event.key === 'ArrowDown' || event.key === 'PageDown'
          ? 1
          : event.key === 'ArrowUp' || event.key === 'PageUp'
            ? -1
            : 0;
      if (direction === 0) return;
      if (step(direction)) event.preventDefault();
    };
    const onTouchStart = (event: TouchEvent) => {
      touchStartY.current = event.touches[0]?.clientY ?? null;
    };
    const onTouchEnd = (event: TouchEvent) => {
      const startY = touchStartY.current;
      const endY = event.changedTouches[0]?.clientY;
      touchStartY.current = null;
      if (startY === null || endY === undefined || Math.abs(startY - endY) < SWIPE_MIN_PX) return;
      step(startY > endY ? 1 : -1);
    };
    // The active dot follows ordinary scrolling too (touch, scroll bar, find in page, tabbing).
    let frame: number | null = null;
    const onScroll = () => {
      if (frame !== null || animation.current !== null) return;
      frame = requestAnimationFrame(() => {
        frame = null;
        if (animation.current !== null) return;
        const line = window.innerHeight * 0.4;
        let current: LandingSection = 'home';
        for (const section of LANDING_SECTIONS) {
          const el = element(section);
          if (el && el.getBoundingClientRect().top <= line) current = section;
        }
        if (current !== activeRef.current) {
          activeRef.current = current;
          setActive(current);
        }
      });
    };
    window.addEventListener('wheel', onWheel, { passive: false });
    window.addEventListener('keydown', onKey);
    window.addEventListener('touchstart', onTouchStart, { passive: true });
    window.addEventListener('touchend', onTouchEnd, { passive: true });
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('wheel', onWheel);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('touchstart', onTouchStart);
      window.removeEventListener('touchend', onTouchEnd);
      window.removeEventListener('scroll', onScroll);
      if (frame !== null) cancelAnimationFrame(frame);
      if (animation.current !== null) cancelAnimationFrame(animation.current);
    };
  }, [step]);

  return { active, animating, goTo };
}
