import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SectionsAnswer } from '@b2b/contracts/pricing';
import { PRICING_ROUTES as R } from '@b2b/contracts/routes/pricing';
import { api } from '@/api/api-client';
import { QUERY_ROOT, useInvalidateAfter } from '@/shared/query/resource-changes';

/*
 * Настройка ассортимента (shop-pricing-offers-loyalty.md §2 /partner/assortment, §7 /partner/sections/,
 * /partner/section/{id}/): the base price list's section tree and showing or hiding a section in the shop.
 */

export const assortmentKeys = {
  all: [QUERY_ROOT.pricing, 'assortment'] as const,
  sections: () => [...assortmentKeys.all, 'sections'] as const,
};

export const useAssortmentSections = () =>
  useQuery({
    queryKey: assortmentKeys.sections(),
    queryFn: ({ signal }) => api.call(R.baseSections, {}, { signal }),
  });

/** show=Y|N of one section: the tree shows the answer at once, then the pricing screens read again. */
export function useShowSection() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAfter('priceList');
  return useMutation({
    mutationFn: (v: { id: number; show: boolean }) => api.call(R.saveBaseSection, { params: { id: v.id }, body: { show: v.show ? 'Y' : 'N' } }),
    onSuccess: async (answer, v) => {
      queryClient.setQueryData<SectionsAnswer>(
        assortmentKeys.sections(),
        (old) => old && { ...old, ITEMS: old.ITEMS.map((s) => (s.ID === v.id ? { ...s, SHOW: answer.SHOW ?? (v.show ? 'Y' : 'N') } : s)) },
      );
      await invalidate();
    },
  });
}
