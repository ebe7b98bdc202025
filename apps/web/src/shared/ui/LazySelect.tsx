import { useId, useState } from 'react';
import { TextInput, type SelectProps } from '@mantine/core';
import { useComboboxParts } from './lazyCombobox';

/** Mantine's Select chevron (ComboboxChevron), drawn the same while the Select loads. */
function Chevron() {
  return (
    <svg
      width={15}
      height={15}
      viewBox="0 0 15 15"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
      aria-hidden
      style={{ color: 'var(--mantine-color-gray-6)' }}
    >
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** The label shown for `value` among the Select's options (strings, items, or groups of them). */
function labelOf(data: readonly unknown[] | undefined, value: string | null | undefined): string {
  for (const entry of data ?? []) {
    if (typeof entry === 'string') {
      if (entry === value) return entry;
    } else if (typeof entry === 'object' && entry !== null) {
      if ('items' in entry && Array.isArray(entry.items)) {
        const found = labelOf(entry.items, value);
        if (found) return found;
      } else if ('value' in entry && entry.value === value) {
        return 'label' in entry && typeof entry.label === 'string' ? entry.label : String(entry.value);
      }
    }
  }
  return '';
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * Mantine's Select, whose dropdown code loads after the page shows (lazyCombobox.ts). Until then the same
 * labelled box with the chosen option and the chevron is shown; a click or an opening key on it loads the
 * Select at once and opens its list when it arrives.
 */
export function LazySelect(props: SelectProps) {
  const { parts, request } = useComboboxParts();
  const ownId = useId();
  const id = props.id ?? ownId;
  const [openOnLoad, setOpenOnLoad] = useState(false);
  if (parts)
    return (
      <parts.Select {...props} id={id} defaultDropdownOpened={openOnLoad || props.defaultDropdownOpened} />
    );

  const {
    label,
    description,
    error,
    w,
    className,
    style,
    size,
    radius,
    disabled,
    placeholder,
    required,
    withAsterisk,
    leftSection,
  } = props;
  const open = () => {
    setOpenOnLoad(true);
    request();
  };
  return (
    <TextInput
      id={id}
      label={label}
      description={description}
      error={error}
      w={w}
      className={className}
      style={style}
      size={size}
      radius={radius}
      disabled={disabled}
      placeholder={placeholder}
      required={required}
      withAsterisk={withAsterisk}
      leftSection={leftSection}
      value={labelOf(props.data, props.value)}
      readOnly
      onChange={() => undefined}
      pointer={!props.searchable}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      rightSection={<Chevron />}
      rightSectionPointerEvents="none"
      onPointerEnter={request}
      onFocus={request}
      onClick={open}
      onKeyDown={(event) => {
        if (OPENING_KEYS.has(event.key)) {
          event.preventDefault();
          open();
        }
      }}
    />
  );
}
