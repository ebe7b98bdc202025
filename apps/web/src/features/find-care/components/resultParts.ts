/**
 * What the search page shows once results have come: the provider cards (with their slot calendars and
 * date-fns) and the page numbers. ProviderSearchPage starts loading this when it loads, alongside the search
 * request, so the first paint does not wait for it (docs/performance.md).
 */
export { Pagination } from '@mantine/core';
export { ProviderCard } from './ProviderCard';
