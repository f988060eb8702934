import { Card, Collapse, Tag, Typography } from 'antd';
import { CheckCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { ShopInstruction } from '@b2b/contracts/shop-instructions';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';

/**
 * The shop's instructions block (§3): the shop link, an own domain and the notification mail, each with its steps and
 * whether the saved settings already do it; the parts not done yet open by themselves.
 */
export function InstructionsCard({ items }: { items: ShopInstruction[] }) {
  const open = items.filter((i) => i.DONE === 'N').map((i) => i.CODE);
  return (
    <Card title={T.instructionsCard} size="small" style={{ marginBottom: 16 }} data-testid="shop-instructions">
      <Collapse
        size="small"
        defaultActiveKey={open}
        items={items.map((item) => ({
          key: item.CODE,
          label: (
            <span data-testid={`instruction-${item.CODE}`} data-done={item.DONE}>
              {item.DONE === 'Y' ? (
                <CheckCircleOutlined style={{ color: '#52c41a', marginRight: 8 }} />
              ) : (
                <ExclamationCircleOutlined style={{ color: '#faad14', marginRight: 8 }} />
              )}
              {item.TITLE}
            </span>
          ),
          extra: <Tag color={item.DONE === 'Y' ? 'green' : 'gold'}>{item.DONE === 'Y' ? T.instructionDone : T.instructionToDo}</Tag>,
          children: (
            <ol style={{ margin: 0, paddingInlineStart: 20 }} data-testid={`instruction-steps-${item.CODE}`}>
              {item.STEPS.map((step) => (
                <li key={step}>
                  <Typography.Text style={{ wordBreak: 'break-word' }}>{step}</Typography.Text>
                </li>
              ))}
            </ol>
          ),
        }))}
      />
    </Card>
  );
}
