import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { watchIconLabels } from '@/shared/ui/icon-labels';
import '@/shared/ui/page.css';

/** The back office (staff, managers, the sign-in and account pages) with antd's providers. */
export function mountBackOffice(container: HTMLElement): void {
  const router = createAppRouter();
  // antd's icons name themselves in English to screen readers: hidden, or their control named in Russian.
  watchIconLabels();
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
