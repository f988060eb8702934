import { useEffect, useMemo, useState } from 'react';
import { Spin } from 'antd';
import { Outlet } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CheckResponse } from '@b2b/contracts/auth';
import { MSG } from '@b2b/contracts/messages';
import { fetchCheck } from '@/api/auth-api';
import { errorText } from '@/api/error-text';
import { getAccessToken, onSessionLost } from '@/api/token-manager';
import { SessionFailed } from '@/app/pages/lazy-pages';
import { bootSession } from '@/app/session/session-boot';
import { signInWithPassword } from '@/app/session/sign-in';
import { signOutAndLeave } from '@/app/session/sign-out';
import type { Session } from '@/shared/auth/session-context';
import { SessionContext, sessionKind } from '@/shared/auth/session-context';

type SessionState = { status: 'loading' } | { status: 'ready'; check: CheckResponse } | { status: 'failed'; error: string };

/** How often to look whether the access token is about to expire (the refresh itself is due 60 s before). */
const RENEW_CHECK_INTERVAL_MS = 30_000;

/**
 * The route element above every page that needs the session: checks the token on entry, provides the
 * session, and shows a spinner meanwhile or the error with a retry button when the server cannot be reached.
 */
export function SessionRoot() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ status: 'loading' });

  // Each attempt checks the session once; a retry or a lost session starts another.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    bootSession().then(
      (check) => current && setState({ status: 'ready', check }),
      (error: unknown) => current && setState({ status: 'failed', error: errorText(error, 'login') }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  useEffect(
    () =>
      onSessionLost(() => {
        queryClient.clear();
        setAttempt((n) => n + 1);
      }),
    [queryClient],
  );

  useEffect(() => {
    const timer = setInterval(() => void getAccessToken().catch(() => undefined), RENEW_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  const check = state.status === 'ready' ? state.check : null;
  const session = useMemo<Session | null>(() => {
    if (!check) return null;
    return {
      check,
      kind: sessionKind(check),
      rights: check.RIGHTS,
      user: check.USER,
      async signIn(username, password) {
        await signInWithPassword(username, password);
        queryClient.clear();
        setState({ status: 'ready', check: await fetchCheck() });
      },
      signOut: signOutAndLeave,
      async reload() {
        setState({ status: 'ready', check: await fetchCheck() });
      },
    };
  }, [check, queryClient]);

  if (state.status === 'failed') {
    return (
      <SessionFailed
        error={state.error}
        onRetry={() => {
          setState({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  if (!session) {
    return (
      <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '60vh' }}>
        <Spin size="large" description={MSG.loading} data-testid="session-loading" />
      </div>
    );
  }
  return (
    <SessionContext.Provider value={session}>
      <Outlet />
    </SessionContext.Provider>
  );
}
