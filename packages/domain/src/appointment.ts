/** Appointment rules both sides share (patient-booking.md §3.5). */

export interface ReasonRef {
  Id?: string | null;
  Name?: string | null;
}

/** Derived ReasonsText: the name of the reason with an empty Id; else the first reason's name; else 'N/A'. */
export function reasonsText(reasons: readonly ReasonRef[] | null | undefined): string {
  const list = reasons ?? [];
  const free = list.find((r) => (r.Id ?? '') === '' && (r.Name ?? '') !== '');
  if (free) return free.Name!;
  const first = list[0]?.Name;
  return first ? first : 'N/A';
}
