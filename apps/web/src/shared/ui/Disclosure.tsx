import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import classes from './Disclosure.module.css';

export interface DisclosureProps {
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** The trigger's content; the trigger itself is a button this component renders. */
  trigger: ReactNode;
  triggerLabel: string;
  triggerClassName?: string;
  children: ReactNode;
  width?: number;
  /** Which edge of the trigger the panel lines up with; 'end' (the default) suits controls at the right. */
  align?: 'start' | 'end';
}

/**
 * A button that shows a panel of links or actions below it: the WAI-ARIA disclosure pattern used for site
 * navigation. The header uses it instead of a popover-based menu, because the popover library alone would
 * add about a tenth to the JavaScript every page downloads first. Escape, a click elsewhere or moving focus
 * away closes it, and so does choosing one of its items; arrow keys move between the panel's items.
 */
export function Disclosure({
  opened,
  onChange,
  trigger,
  triggerLabel,
  triggerClassName,
  children,
  width = 240,
  align = 'end',
}: DisclosureProps) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!opened) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onChange(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [opened, onChange]);

  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[data-disclosure-item]') ?? [])];

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && opened) {
      event.preventDefault();
      onChange(false);
      button.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!opened) onChange(true);
    // The panel renders on open; wait a frame for its items to exist.
    requestAnimationFrame(() => {
      const list = items();
      if (list.length === 0) return;
      const current = list.indexOf(document.activeElement as HTMLElement);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next =
        current === -1 ? (step === 1 ? 0 : list.length - 1) : (current + step + list.length) % list.length;
      list[next]?.focus();
    });
  };

  return (
    <div
      ref={root}
      className={classes.root}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (opened && !root.current?.contains(event.relatedTarget)) onChange(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={triggerClassName}
        aria-expanded={opened}
        aria-controls={id}
        aria-label={triggerLabel}
        onClick={() => onChange(!opened)}
      >
        {trigger}
      </button>
      {/* Choosing an item closes the panel at once: a navigation to a page whose code is still loading keeps
          the previous page (and this header) on screen until it arrives. Keyboard activation clicks too. */}
      <div
        id={id}
        className={classes.panel}
        data-align={align}
        hidden={!opened}
        style={{ width }}
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('[data-disclosure-item]'))
            onChange(false);
        }}
      >
        {opened ? children : null}
      </div>
    </div>
  );
}

/** Marks an element inside a Disclosure panel as an item the arrow keys move between. */
export const disclosureItem = { 'data-disclosure-item': true, className: classes.item } as const;
export const disclosureClasses = classes;
