import { Outlet } from 'react-router';
import type { SectionKey } from '@/shared/auth/section-access';
import { canOpenSection } from '@/shared/auth/section-access';
import { useSession } from '@/shared/auth/session-context';
import { ForbiddenResult } from '@/app/pages/lazy-pages';

/** A section opens only with its right (see canOpenSection); otherwise "Недостаточно прав". */
export function SectionGuard({ section, children }: { section: SectionKey; children?: React.ReactNode }) {
  const { rights } = useSession();
  if (!canOpenSection(section, rights)) return <ForbiddenResult />;
  return children ?? <Outlet />;
}
