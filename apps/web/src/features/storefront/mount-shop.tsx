import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ShopRoot } from '@/features/storefront/shop-root';
import { createQueryClient } from '@/shared/query/query-client';
import { watchIconLabels } from '@/shared/ui/icon-labels';
import '@/shared/ui/page.css';

/** An address outside the shop (a link to the back office) is the other app's: the page is loaded anew. */
function LeaveShop() {
  useEffect(() => window.location.assign(window.location.href), []);
  return null;
}

/** A toast needs antd: it is loaded when the first one is due, never for the first page. */
const toast = (text: string) => void import('@/shared/ui/notify').then((m) => m.notifyError(text));

function ShopApp() {
  const [queryClient] = useState(() => createQueryClient(toast));
  const [router] = useState(() =>
    createBrowserRouter([
      { path: '/shop/:shopLink/*', element: <ShopRoot /> },
      { path: '*', element: <LeaveShop /> },
    ]),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

/** The partner's shop for its buyers as an app of its own (main.tsx chooses it by the address). */
export function mountShop(container: HTMLElement): void {
  // antd's icons name themselves in English to screen readers: hidden, or their control named in Russian.
  watchIconLabels();
  createRoot(container).render(
    <StrictMode>
      <ShopApp />
    </StrictMode>,
  );
}
