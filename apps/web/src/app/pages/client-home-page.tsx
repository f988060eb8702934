import { Button, Card, Typography } from 'antd';
import { PAGE_TITLE, UI } from '@/shared/ui-text';
import { useSession } from '@/shared/auth/session-context';

/** "/" for a signed-in user who is neither partner staff nor a manager (a buyer). */
export function ClientHomePage() {
  const { user, signOut } = useSession();
  return (
    <div style={{ maxWidth: 480, margin: '64px auto', padding: '0 16px' }}>
      <Card title={PAGE_TITLE.clientHome} data-testid="client-home">
        <Typography.Paragraph>
          {UI.signedInAs} <strong data-testid="header-user-email">{user?.EMAIL}</strong>
        </Typography.Paragraph>
        <Button onClick={() => void signOut()} data-testid="logout">
          {UI.signOut}
        </Button>
      </Card>
    </div>
  );
}
