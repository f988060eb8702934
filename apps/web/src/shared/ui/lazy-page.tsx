import { lazy, Suspense, type ComponentType } from 'react';
import { Spin } from 'antd';

/**
 * A screen whose code is downloaded on its first visit, so the login page does not carry the back office (nor
 * Leaflet or Editor.js). A spinner stands in while it loads.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage(props: P) {
    return (
      <Suspense
        fallback={
          <div style={{ padding: 48, textAlign: 'center' }} data-testid="page-loading">
            <Spin size="large" />
          </div>
        }
      >
        <Page {...props} />
      </Suspense>
    );
  };
}
