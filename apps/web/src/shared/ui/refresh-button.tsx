import { Button, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useIsFetching, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { UI } from '@/shared/ui-text';

/**
 * «Обновить»: reads again the shown queries under `queryKey` (a list and what stands beside it), keeping the rows
 * on screen until the new ones arrive; spins while any of them loads. `onRefresh` hears the click (a list forgets
 * what it kept in view until then).
 */
export function RefreshButton({ queryKey, testId, onRefresh }: { queryKey: QueryKey; testId: string; onRefresh?: () => void }) {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey }) > 0;
  return (
    <Tooltip title={UI.refresh}>
      <Button
        icon={<ReloadOutlined spin={fetching} />}
        aria-label={UI.refresh}
        data-testid={testId}
        onClick={() => {
          onRefresh?.();
          void queryClient.refetchQueries({ queryKey, type: 'active' });
        }}
      />
    </Tooltip>
  );
}
