/** 'YYYY-MM-DD HH:mm:ss' in UTC, the availability query's date format (3.4). */
export function toUtcQueryDate(instant: Date): string {
  return instant.toISOString().slice(0, 19).replace('T', ' ');
}
