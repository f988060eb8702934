import { Button, Popconfirm, Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';

/** Edit and delete (with a confirmation) of a table row. */
export function RowActions({ onEdit, onDelete, disabled }: { onEdit: () => void; onDelete: () => void; disabled: boolean }) {
  return (
    <Space>
      <Button type="text" icon={<EditOutlined />} disabled={disabled} onClick={onEdit} aria-label={T.edit} />
      <Popconfirm title={T.confirmDelete} okText={T.delete} cancelText={T.cancel} onConfirm={onDelete} disabled={disabled}>
        <Button type="text" danger icon={<DeleteOutlined />} disabled={disabled} aria-label={T.delete} />
      </Popconfirm>
    </Space>
  );
}

export const actionsColumn = <R,>(render: (row: R) => React.ReactNode) => ({
  title: '',
  key: 'actions',
  width: 96,
  render: (_: unknown, row: R) => render(row),
});
