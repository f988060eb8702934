import { useState } from 'react';
import { Button, Card, List, Popconfirm, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { LIMITS } from '@b2b/contracts/limits';
import type { FileRef } from '@b2b/contracts/shop-wire';
import { saveShopFiles, useSaveShopSettings } from '@/features/settings/api/shop-settings-api';
import { errorFor } from '@/features/settings/server-errors';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';
import { precheckShopFile } from '@/features/settings/upload-checks';

/**
 * Files for clients: up to 5, each at most 5 MB of the allowed types; a blank upload slot while fewer than 5.
 * A file is stored as soon as it is chosen and removed at once (shop_file, shop_file_del).
 */
export function ShopFilesCard({ files, disabled }: { files: FileRef[]; disabled: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const save = useSaveShopSettings(saveShopFiles);

  const upload = (file: File) => {
    const problem = precheckShopFile(file);
    setError(problem);
    if (problem) return;
    save.mutate({ shop_file: [file] }, { onError: (e) => setError(errorFor(e, 'shop_file')) });
  };
  const remove = (id: string) => {
    setError(null);
    save.mutate({ shop_file_del: [id] }, { onError: (e) => setError(errorFor(e, 'shop_file')) });
  };

  return (
    <Card title={T.files} size="small" style={{ marginBottom: 16 }} data-testid="shop-files">
      <Typography.Paragraph type="secondary">{T.filesHint}</Typography.Paragraph>
      <List
        size="small"
        dataSource={files}
        locale={{ emptyText: ' ' }}
        renderItem={(file) => (
          <List.Item
            data-testid="shop-file"
            actions={[
              <Popconfirm
                key="del"
                title={T.confirmDelete}
                okText={T.delete}
                cancelText={T.cancel}
                onConfirm={() => remove(file.ID)}
                disabled={disabled}
              >
                <Button type="text" danger icon={<DeleteOutlined />} disabled={disabled} aria-label={`${T.delete} ${file.NAME}`} />
              </Popconfirm>,
            ]}
          >
            <Space>
              <PaperClipOutlined />
              <a href={file.URL} target="_blank" rel="noreferrer">
                {file.NAME}
              </a>
            </Space>
          </List.Item>
        )}
      />
      {files.length < LIMITS.shopFilesMax && (
        <div data-testid="shop-file-slot" style={{ marginTop: 8 }}>
          <Upload beforeUpload={(file) => (upload(file), Upload.LIST_IGNORE)} showUploadList={false} disabled={disabled || save.isPending}>
            <Button icon={<UploadOutlined />} loading={save.isPending} disabled={disabled}>
              {T.chooseFile}
            </Button>
          </Upload>
        </div>
      )}
      {error && (
        <Typography.Text type="danger" data-testid="shop-file-error">
          {error}
        </Typography.Text>
      )}
    </Card>
  );
}
