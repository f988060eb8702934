import { Alert } from 'antd';

export interface LoginNotice {
  type: 'success' | 'info' | 'warning' | 'error';
  text: string;
  /** Prefills the sign-in form after a flow that knows the address. */
  email?: string;
}

/** The status area of /login: what a flow answered (sent, changed, confirmed) or why it failed. */
export function LoginMessage({ notice, action }: { notice: LoginNotice; action?: React.ReactNode }) {
  return (
    <Alert
      type={notice.type}
      showIcon
      title={notice.text}
      description={action}
      style={{ marginBottom: 16, whiteSpace: 'pre-line' }}
      data-testid="login-message"
    />
  );
}

/** Navigation state that carries a notice to the next step of /login. */
export const noticeState = (notice: LoginNotice) => ({ notice });

export function noticeFrom(state: unknown): LoginNotice | null {
  const notice = (state as { notice?: LoginNotice } | null)?.notice;
  return notice && typeof notice.text === 'string' ? notice : null;
}
