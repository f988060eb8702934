import { createContext, useContext } from 'react';
import type { CheckResponse } from '@b2b/contracts/auth';
import type { Rights } from '@b2b/contracts/rights';

export type SessionKind = 'guest' | 'partner' | 'manager' | 'client';

/** Who the utils/check answer describes: no user → guest; manager; partner staff (LOYALTY too); else client. */
export function sessionKind(check: CheckResponse | null): SessionKind {
  if (!check?.USER || check.USER_TYPE === null) return 'guest';
  if (check.MANAGER || check.USER_TYPE === 'MANAGER') return 'manager';
  if (check.PARTNER || check.USER_TYPE === 'PARTNER' || check.USER_TYPE === 'LOYALTY') return 'partner';
  return 'client';
}

export interface Session {
  check: CheckResponse;
  kind: SessionKind;
  rights: Rights | null;
  user: CheckResponse['USER'];
  signIn(username: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  /** Asks utils/check again and updates the session. */
  reload(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside of the session provider');
  return session;
}
