import { useState } from 'react';
import { Alert, Button, Card, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { PRICING_MSG } from '@b2b/contracts/pricing';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { usePriceFileStatus, useYmlAction } from '@/features/pricing/api/pricing-api';
import type { PanelTarget } from '@/features/pricing/panel/price-file-target';
import { PANEL_UI as T } from '@/features/pricing/panel/pricing-panel-text';
import { formatDate } from '@/shared/formatters/format-date';
import { notifySuccess } from '@/shared/ui/notify';

/** The live YML links of a price list or client (absolute, copyable), «Создать ссылку YML», switching one off. */
export function YmlBlock({ target, canEdit }: { target: PanelTarget; canEdit: boolean }) {
  const status = usePriceFileStatus(target, 'price');
  const yml = useYmlAction(target);
  const [refusal, setRefusal] = useState<string | null>(null);
  const links = status.data?.YML ?? [];

  const create = () => {
    setRefusal(null);
    yml.mutate(
      { action: 'create' },
      {
        onSuccess: (answer) => notifySuccess(answer.MESSAGE ?? PRICING_MSG.ymlCreated),
        // Why no link was made (the link limit, an empty price list, §8) stays in the block, beside the links to switch off.
        onError: (error) => setRefusal((isApiError(error) && error.errors.yml) || errorText(error)),
      },
    );
  };

  const switchOff = (id: number) =>
    yml.mutate({ action: 'delete', id }, { onSuccess: (answer) => notifySuccess(answer.MESSAGE ?? PRICING_MSG.ymlDeactivated) });

  return (
    <Card
      size="small"
      title={T.ymlTitle}
      data-testid="yml"
      extra={
        canEdit && (
          <Button size="small" icon={<LinkOutlined />} loading={yml.isPending} onClick={create} data-testid="yml-create">
            {T.ymlCreate}
          </Button>
        )
      }
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setRefusal(null)}
          style={{ marginBottom: 12 }}
          data-testid="yml-refusal"
          title={T.ymlRefusedTitle}
          description={<span data-testid="yml-refused">{refusal}</span>}
        />
      )}
      {status.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : links.length === 0 ? (
        <Typography.Text type="secondary">{T.ymlNone}</Typography.Text>
      ) : (
        <Flex vertical gap={8}>
          {links.map((link) => {
            const url = window.location.origin + link.URL;
            return (
              <Flex key={link.ID} justify="space-between" align="center" gap={8} data-testid={`yml-link-${link.ID}`}>
                <div style={{ minWidth: 0 }}>
                  <Typography.Text copyable={{ text: url }} style={{ wordBreak: 'break-all' }} data-testid="yml-url" data-url={url}>
                    {url}
                  </Typography.Text>
                  <div>
                    <Typography.Text type="secondary">{T.ymlCreated(formatDate(link.DATE))}</Typography.Text>
                  </div>
                </div>
                {canEdit && (
                  <Popconfirm title={T.ymlOffConfirm} okText={T.ymlOff} cancelText={ACTION_LABEL.cancel} onConfirm={() => switchOff(link.ID)}>
                    <Button size="small" type="link" danger data-testid="yml-off">
                      {T.ymlOff}
                    </Button>
                  </Popconfirm>
                )}
              </Flex>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}
