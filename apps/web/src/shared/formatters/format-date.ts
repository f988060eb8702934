import { DEFAULT_TIME_ZONE, formatDateIn, formatDateTimeIn, shopTimeZone } from '@b2b/contracts/time-zones';

/**
 * Dates arrive from the API as Unix seconds (back-office.md §9: seconds are multiplied by 1000 for display) and are
 * shown in the shop's time zone (issue 38 §8), as the exports, mails and the PDF show them — never the browser's.
 * The partner shell sets the zone from the session and the shop from its public answer (the shop's setting); a
 * manager reads Moscow time.
 */
type UnixSeconds = number | string | null | undefined;

let displayZone: string = DEFAULT_TIME_ZONE;

/** The zone dates are shown in from now on (an unknown or missing one is Moscow). */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  displayZone = shopTimeZone(zone);
}

/** The zone dates are shown in. */
export const displayTimeZone = (): string => displayZone;

/** dd.MM.yyyy in the shop's time zone; empty for a missing date. */
export function formatDate(seconds: UnixSeconds): string {
  return formatDateIn(seconds, displayZone);
}

/** dd.MM.yyyy HH:mm in the shop's time zone; empty for a missing date. */
export function formatDateTime(seconds: UnixSeconds): string {
  return formatDateTimeIn(seconds, displayZone);
}
