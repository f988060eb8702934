/** Dates arrive from the API as Unix seconds (back-office.md §9: seconds are multiplied by 1000 for display). */
type UnixSeconds = number | string | null | undefined;

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(seconds: UnixSeconds): Date | null {
  if (seconds === null || seconds === undefined || seconds === '') return null;
  const value = Number(seconds);
  if (!Number.isFinite(value)) return null;
  return new Date(value * 1000);
}

/** dd.MM.yyyy in the browser's time zone; empty for a missing date. */
export function formatDate(seconds: UnixSeconds): string {
  const date = toDate(seconds);
  if (!date) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** dd.MM.yyyy HH:mm in the browser's time zone; empty for a missing date. */
export function formatDateTime(seconds: UnixSeconds): string {
  const date = toDate(seconds);
  if (!date) return '';
  return `${formatDate(seconds)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
