import { useParams } from 'react-router';
import { InDevelopment } from '@/app/pages/lazy-pages';

/** A page of one entity not built yet (order card, offer form): its title with the id from the path. */
export function IdPlaceholder({ title }: { title: (id: string) => string }) {
  return <InDevelopment title={title(useParams().id ?? '')} />;
}
