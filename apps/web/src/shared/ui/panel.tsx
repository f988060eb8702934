import { theme, Typography } from 'antd';

/**
 * A titled white panel drawn like antd's Card. The login page uses it instead of Card, which carries Tabs, Dropdown
 * and Menu along (about 30 KB gzip) that a sign-in form never shows.
 */
export function Panel({ title, width, children, testId }: { title: string; width: number; children: React.ReactNode; testId?: string }) {
  const { token } = theme.useToken();
  return (
    <section
      data-testid={testId}
      style={{
        width,
        maxWidth: '100%',
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <header style={{ padding: `${token.paddingSM}px ${token.paddingLG}px`, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      </header>
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </section>
  );
}
