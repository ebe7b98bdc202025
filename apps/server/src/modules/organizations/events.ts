/**
 * The event a change that patient search shows appends in its own transaction (directory, scheduling,
 * marketplace, onboarding); the marketplace's search index consumes it (`marketplace.search-index`).
 */
export const DIRECTORY_CHANGED = 'directory.changed';

export interface DirectoryChangedPayload {
  organizationId: string;
  /** The practitioners whose search rows may change; null: every practitioner of the organization. */
  practitionerIds: string[] | null;
  reason: string;
}
