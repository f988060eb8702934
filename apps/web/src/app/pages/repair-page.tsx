import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { MSG } from '@b2b/contracts/messages';

/** /repair: maintenance. */
export function RepairPage() {
  return <Result icon={<ToolOutlined />} title={MSG.repair} data-testid="repair" />;
}
