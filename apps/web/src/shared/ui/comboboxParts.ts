/**
 * Mantine's dropdown machinery (Combobox, Popover, floating-ui, ScrollArea: 35 to 40 KB gzipped), loaded after
 * a page's first paint by `useComboboxParts` rather than with the page (docs/performance.md).
 */
export { Autocomplete, Popover, ScrollArea, Select } from '@mantine/core';
