import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STOREFRONT_ROUTES as R } from '@b2b/contracts/routes/storefront';
import { call } from '@/api/api-client';
import { QUERY_ROOT } from '@/shared/query/resource-changes';

/** The buyers' reviews of the partner's shop (GET /v3/api/partner/review/), newest first, a page at a time. */
export const useReviews = (page: number, limit: number) =>
  useQuery({
    queryKey: [QUERY_ROOT.clients, 'reviews', page, limit],
    queryFn: ({ signal }) => call(R.reviews, { query: { limit, offset: (page - 1) * limit } }, { signal }),
    placeholderData: keepPreviousData,
  });
