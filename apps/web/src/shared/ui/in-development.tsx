import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { MSG } from '@b2b/contracts/messages';
import { PageTitle } from '@/shared/ui/page-title';

/** What a section not built yet shows: its title and "Раздел в разработке", never a blank page. */
export function InDevelopment({ title, subTitle, heading = true }: { title: string; subTitle?: string; heading?: boolean }) {
  return (
    <div data-testid="in-development">
      {heading && <PageTitle>{title}</PageTitle>}
      <Result icon={<ToolOutlined />} title={MSG.sectionInDevelopment} subTitle={subTitle ?? title} />
    </div>
  );
}
