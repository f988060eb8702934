import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { InDevelopment } from '@/app/pages/lazy-pages';

/** Child routes for tabs not built yet: each tab says it is in development, under the section's tabs. */
export function tabPlaceholders(labels: Record<string, string>, startTab?: string): RouteObject[] {
  const routes: RouteObject[] = Object.entries(labels).map(([path, label]) => ({
    path,
    element: <InDevelopment title={label} heading={false} />,
  }));
  if (startTab) routes.unshift({ index: true, element: <Navigate to={startTab} replace /> });
  return routes;
}
