import type { Dayjs } from 'dayjs';
import { paramsFromRange } from '@/shared/inputs/day-range';
import type { ListParamsPatch } from '@/shared/list-params/list-params';

/*
 * The period filter of a list whose default is the last three months (shop-pricing-offers-loyalty.md §2; contracts'
 * listPeriod): the request shows the default's first day in the picker, a chosen range replaces it, and a cleared
 * picker asks the whole history — `period=all` in the URL and the list's cookie, so that the default does not come
 * back in its place.
 */

/** The patch of a picker change: the days chosen (either may be open), or the whole history when both are cleared. */
export function periodPatch(range: readonly (Dayjs | null | undefined)[] | null | undefined): ListParamsPatch {
  const days = paramsFromRange(range);
  return days.date_start || days.date_end ? { ...days, period: null } : { ...days, period: 'all' };
}
