import { useState, useSyncExternalStore, type ComponentType } from 'react';
import { ActionIcon, Group, VisuallyHidden } from '@mantine/core';
import {
  IconBandage,
  IconBone,
  IconBrain,
  IconChevronLeft,
  IconChevronRight,
  IconClipboardHeart,
  IconDroplet,
  IconDroplets,
  IconEar,
  IconFaceId,
  IconFlask,
  IconGenderFemale,
  IconHeartbeat,
  IconMassage,
  IconMoodHeart,
  IconMoodNervous,
  IconMoodSick,
  IconMoodSmile,
  IconPill,
  IconSalad,
  IconStethoscope,
  IconThermometer,
  type IconProps,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Tile } from '../tiles';
import classes from './TileCarousel.module.css';

const ICONS: Record<Tile['key'], ComponentType<IconProps>> = {
  primaryCare: IconStethoscope,
  cardiology: IconHeartbeat,
  neurology: IconBrain,
  dermatology: IconFaceId,
  gastroenterology: IconSalad,
  psychiatry: IconMoodHeart,
  nephrology: IconDroplets,
  orthopedics: IconBone,
  painMedicine: IconBandage,
  obgyn: IconGenderFemale,
  coldOrFlu: IconThermometer,
  acne: IconMoodSmile,
  backPain: IconMassage,
  diabetes: IconDroplet,
  earInfection: IconEar,
  annualPhysical: IconClipboardHeart,
  birthControl: IconPill,
  stomachPain: IconMoodSick,
  uti: IconFlask,
  headache: IconMoodNervous,
};

/** Six soft tints, repeated, so neighbouring tiles are told apart at a glance. */
const TINTS = ['teal', 'blue', 'grape', 'orange', 'pink', 'cyan'] as const;

/**
 * Tiles per view by screen width (patient-booking.md §9: 0 px → 10, 767 → 3, 940 → 6, 1100 → 8). Under
 * 767 px all ten show at once as a grid, so a phone user scrolls instead of paging.
 */
const PER_VIEW: readonly [minWidth: number, perView: number][] = [
  [1100, 8],
  [940, 6],
  [767, 3],
  [0, 10],
];

function perViewNow(): number {
  if (typeof window === 'undefined' || !window.matchMedia) return 8;
  return PER_VIEW.find(([min]) => min === 0 || window.matchMedia(`(min-width: ${min}px)`).matches)![1];
}

function subscribe(onChange: () => void) {
  const lists = PER_VIEW.filter(([min]) => min > 0).map(([min]) =>
    window.matchMedia(`(min-width: ${min}px)`),
  );
  lists.forEach((list) => list.addEventListener('change', onChange));
  return () => lists.forEach((list) => list.removeEventListener('change', onChange));
}

function usePerView(): number {
  return useSyncExternalStore(subscribe, perViewNow, () => 8);
}

export interface TileCarouselProps {
  tiles: readonly Tile[];
  label: string;
  labelFor: (tile: Tile) => string;
  hrefFor: (tile: Tile) => string;
}

export function TileCarousel({ tiles, label, labelFor, hrefFor }: TileCarouselProps) {
  const { t } = useTranslation('home');
  const perView = usePerView();
  const [requestedStart, setStart] = useState(0);
  const paged = perView < tiles.length;
  const maxStart = Math.max(0, tiles.length - perView);
  const start = paged ? Math.min(requestedStart, maxStart) : 0;
  const end = Math.min(start + perView, tiles.length);

  return (
    <section
      className={classes.carousel}
      aria-roledescription="carousel"
      aria-label={label}
      data-paged={paged || undefined}
    >
      <div className={classes.viewport}>
        <ul
          className={classes.track}
          style={{
            // Each step moves one tile width plus one gap; (100% + gap) / perView is exactly that.
            ['--per-view' as string]: perView,
            transform: paged ? `translateX(calc((100% + var(--gap)) / ${perView} * ${-start}))` : undefined,
          }}
        >
          {tiles.map((tile, index) => {
            const Icon = ICONS[tile.key];
            const visible = index >= start && index < end;
            return (
              <li key={tile.key} className={classes.item} inert={!visible} aria-roledescription="slide">
                <Link to={hrefFor(tile)} className={classes.tile} data-tint={TINTS[index % TINTS.length]}>
                  <span className={classes.icon}>
                    <Icon size={30} stroke={1.6} aria-hidden />
                  </span>
                  <span className={classes.label}>{labelFor(tile)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
      {paged ? (
        <Group justify="center" gap="md" mt="lg">
          <ActionIcon
            variant="default"
            radius="xl"
            size={40}
            onClick={() => setStart(Math.max(0, start - perView))}
            disabled={start === 0}
            aria-label={t('browse.previous')}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <div className={classes.dots} aria-hidden>
            {tiles.map((tile, index) => (
              <span
                key={tile.key}
                className={classes.dot}
                data-active={(index >= start && index < end) || undefined}
              />
            ))}
          </div>
          <ActionIcon
            variant="default"
            radius="xl"
            size={40}
            onClick={() => setStart(Math.min(maxStart, start + perView))}
            disabled={start >= maxStart}
            aria-label={t('browse.next')}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
          <VisuallyHidden aria-live="polite">
            {t('browse.position', { from: start + 1, to: end, total: tiles.length })}
          </VisuallyHidden>
        </Group>
      ) : null}
    </section>
  );
}
