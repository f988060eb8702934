import { Navigate, useParams } from 'react-router';
import { parseEntityId } from '@/features/clients/client-id';
import { InDevelopment } from '@/shared/ui/in-development';
import { PAGE_TITLE } from '@/shared/ui-text';

/** /partner/clients/groups/:id; an empty or non-numeric id redirects to the group list. */
export function ClientGroupPage() {
  const groupId = parseEntityId(useParams().id);
  if (groupId === null) return <Navigate to="/partner/clients/groups" replace />;
  return <InDevelopment title={PAGE_TITLE.clientGroup(String(groupId))} />;
}
