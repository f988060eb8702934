import { useState } from 'react';
import { formatPhone } from '@b2b/contracts/phone-format';
import { Button, Card, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { SHOP_MSG, WORK_DAYS, type WorkDay } from '@b2b/contracts/shop';
import type { Tradepoint } from '@b2b/contracts/tradepoint-wire';
import { notifyError, notifySuccess } from '@/shared/ui/notify';
import { useDeleteTradepoint, useTradepoints } from '@/features/settings/api/tradepoints-api';
import { PointsMap } from '@/features/settings/components/points-map';
import { actionsColumn, RowActions } from '@/features/settings/components/row-actions';
import { TradepointModal } from '@/features/settings/components/tradepoint-modal';
import { errorFor } from '@/features/settings/server-errors';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';

const days = (list: WorkDay[]) => list.map((d) => WORK_DAYS[d] ?? d).join(', ');
const hours = (p: Tradepoint) => (p.WORK_SCHEDULE.FROM ? `${p.WORK_SCHEDULE.FROM}–${p.WORK_SCHEDULE.TO}` : '');

/** Tradepoints: the list with their places on a map; create and edit in the address modal (ADMIN and the owner). */
export function TradepointsCard({ disabled }: { disabled: boolean }) {
  const { data, isPending } = useTradepoints();
  const remove = useDeleteTradepoint();
  const [editing, setEditing] = useState<Tradepoint | 'new' | null>(null);
  const items = data?.ITEMS ?? [];

  const onDelete = (id: number) =>
    remove.mutate(id, { onSuccess: (a) => notifySuccess(a.MESSAGE ?? SHOP_MSG.saved), onError: (e) => notifyError(errorFor(e, 'id')) });

  return (
    <Card
      title={T.tradepoints}
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="tradepoints"
      extra={
        <Button icon={<PlusOutlined />} disabled={disabled} onClick={() => setEditing('new')} data-testid="tradepoint-add">
          {T.addTradepoint}
        </Button>
      }
    >
      <Table<Tradepoint>
        rowKey="ID"
        size="small"
        loading={isPending}
        pagination={false}
        dataSource={items}
        locale={{ emptyText: T.noTradepoints }}
        onRow={() => ({ 'data-testid': 'tradepoint-row' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: T.address,
            dataIndex: 'ADDRESS',
            render: (v: string, p) => (
              <>
                {v} {p.BASE === 'Y' && <Tag color="green">{T.base}</Tag>}
              </>
            ),
          },
          { title: T.phones, render: (_, p) => p.PHONES.map((ph) => formatPhone(ph.PHONE)).join(', ') },
          { title: T.workDays, render: (_, p) => `${days(p.WORK_DAYS)} ${hours(p)}` },
          actionsColumn<Tradepoint>((p) => <RowActions disabled={disabled} onEdit={() => setEditing(p)} onDelete={() => onDelete(p.ID)} />),
        ]}
      />
      <div style={{ marginTop: 12 }}>
        <PointsMap
          testId="tradepoints-map"
          height={220}
          points={items.map((p) => ({ id: String(p.ID), lat: Number(p.LATITUDE), lng: Number(p.LONGITUDE), title: p.ADDRESS }))}
        />
      </div>
      {editing && <TradepointModal point={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
