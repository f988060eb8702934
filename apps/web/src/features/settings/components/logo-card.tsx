import { useState } from 'react';
import { Button, Card, Popconfirm, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { FileRef } from '@b2b/contracts/shop-wire';
import { saveShopFiles, useSaveShopSettings } from '@/features/settings/api/shop-settings-api';
import { errorFor } from '@/features/settings/server-errors';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';
import { precheckImage } from '@/features/settings/upload-checks';

/** The shop logo (jpeg or png): stored as soon as it is chosen (logo), removed with logo_del=Y. */
export function LogoCard({ logo, disabled }: { logo: FileRef | null; disabled: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const save = useSaveShopSettings(saveShopFiles);
  const onError = (e: unknown) => setError(errorFor(e, 'logo'));

  const upload = (file: File) => {
    const problem = precheckImage(file);
    setError(problem);
    if (!problem) save.mutate({ logo: file }, { onError });
  };

  return (
    <Card title={T.logo} size="small" style={{ marginBottom: 16 }}>
      <Space align="center" wrap>
        {logo && <img src={logo.URL} alt={T.logo} style={{ height: 48, maxWidth: 240, objectFit: 'contain' }} data-testid="shop-logo" />}
        <Upload beforeUpload={(file) => (upload(file), Upload.LIST_IGNORE)} showUploadList={false} accept=".jpg,.jpeg,.png" disabled={disabled}>
          <Button icon={<UploadOutlined />} loading={save.isPending} disabled={disabled}>
            {T.uploadLogo}
          </Button>
        </Upload>
        {logo && (
          <Popconfirm
            title={T.confirmDelete}
            okText={T.delete}
            cancelText={T.cancel}
            disabled={disabled}
            onConfirm={() => save.mutate({ logo_del: 'Y' }, { onError })}
          >
            <Button danger icon={<DeleteOutlined />} disabled={disabled}>
              {T.delete}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {error && (
        <Typography.Paragraph type="danger" style={{ marginTop: 8, marginBottom: 0 }}>
          {error}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
