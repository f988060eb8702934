import { useQuery } from '@tanstack/react-query';
import { CONTENT_ROUTES as R } from '@b2b/contracts/routes/content';
import { call } from '@/api/api-client';

/** A content page (GET /v3/api/info/{type}/?id=…): by its id or code; none, the type's first. */
export const useContentPage = (type: string, id: string | undefined) =>
  useQuery({
    queryKey: ['content', type, id ?? ''],
    queryFn: ({ signal }) => call(R.page, { params: { type }, query: id ? { id } : {} }, { signal }),
    staleTime: 5 * 60_000,
  });
