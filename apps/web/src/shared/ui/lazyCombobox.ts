import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type * as comboboxParts from './comboboxParts';

export type ComboboxParts = typeof comboboxParts;

let loaded: ComboboxParts | null = null;
let pending: Promise<ComboboxParts> | null = null;

/** Starts loading the dropdown machinery (once); resolves with it. */
export function loadComboboxParts(): Promise<ComboboxParts> {
  pending ??= import('./comboboxParts').then((parts) => (loaded = parts));
  return pending;
}

interface FocusedField {
  id: string;
  start: number | null;
  end: number | null;
}

function focusedField(): FocusedField | null {
  const active = document.activeElement;
  return active instanceof HTMLInputElement && active.id
    ? { id: active.id, start: active.selectionStart, end: active.selectionEnd }
    : null;
}

/**
 * Mantine's Autocomplete, Select and Popover, or null while they load. The page renders plain inputs that look
 * the same; the parts load when `request` is called (the host calls it when a field is pointed at or focused),
 * not with the page: they are the largest part of a patient page's JavaScript that no one sees until a list
 * opens (docs/performance.md). When they arrive the field that had the focus (found by its id) gets it back
 * with its caret, so typing carries on in the real control.
 */
export function useComboboxParts(): { parts: ComboboxParts | null; request: () => void } {
  const [parts, setParts] = useState<ComboboxParts | null>(loaded);
  const focused = useRef<FocusedField | null>(null);
  const live = useRef(true);

  const request = useCallback(() => {
    void loadComboboxParts().then((next) => {
      if (!live.current) return;
      // Read the focus and swap in one task (flushSync): a focus or key press that came between them would go
      // to the plain input after its focus was read, and its typing would be lost.
      focused.current = focusedField();
      flushSync(() => setParts(next));
    });
  }, []);

  useEffect(() => {
    live.current = true;
    return () => void (live.current = false);
  }, []);

  // The plain input was replaced by the real control: give the focus back before the next key press.
  useLayoutEffect(() => {
    const field = focused.current;
    if (!parts || !field) return;
    focused.current = null;
    const input = document.getElementById(field.id);
    if (!(input instanceof HTMLInputElement) || document.activeElement === input) return;
    input.focus();
    if (field.start !== null && field.end !== null && input.type === 'text')
      input.setSelectionRange(field.start, field.end);
  }, [parts]);

  return { parts, request };
}
