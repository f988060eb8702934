import { useEffect, useMemo, useState } from 'react';
import { Button, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { FileRef } from '@b2b/contracts/shop-wire';
import { usePrivateFileUrl } from '@/features/settings/api/private-file-api';
import type { ImageChange } from '@/features/settings/offer-form-values';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';
import { precheckImage } from '@/features/settings/upload-checks';

interface Props {
  stored: FileRef | null;
  /** How the picture is shown: the logo at a height of 24px, the seal at 150×93. */
  size: { width?: number; height: number };
  testId: string;
  value?: ImageChange;
  onChange?: (v: ImageChange) => void;
  disabled?: boolean;
}

/** A jpeg or png of the commercial offer (logo, seal) in a form: the stored one, or the one chosen to replace it. */
export function ImageField({ stored, size, testId, value, onChange, disabled }: Props) {
  const [error, setError] = useState<string | null>(null);
  const storedUrl = usePrivateFileUrl(stored);
  const chosen = value && 'file' in value ? value.file : null;
  const chosenUrl = useMemo(() => (chosen ? URL.createObjectURL(chosen) : undefined), [chosen]);
  useEffect(() => () => (chosenUrl ? URL.revokeObjectURL(chosenUrl) : undefined), [chosenUrl]);
  const removed = value && 'remove' in value;
  const shown = chosenUrl ?? (removed ? undefined : storedUrl);

  const pick = (file: File) => {
    const problem = precheckImage(file);
    setError(problem);
    if (!problem) onChange?.({ file });
  };

  return (
    <div data-testid={testId}>
      <Space align="center" wrap>
        <div
          style={{
            minWidth: size.width ?? 60,
            minHeight: size.height,
            border: '1px dashed #d9d9d9',
            display: 'inline-flex',
            boxSizing: 'content-box',
          }}
        >
          {shown && (
            <img
              src={shown}
              alt=""
              data-testid={`${testId}-img`}
              style={{ height: size.height, width: size.width ?? 'auto', objectFit: 'contain' }}
            />
          )}
        </div>
        <Upload beforeUpload={(file) => (pick(file), Upload.LIST_IGNORE)} showUploadList={false} accept=".jpg,.jpeg,.png" disabled={disabled}>
          <Button icon={<UploadOutlined />} disabled={disabled}>
            {T.uploadImage}
          </Button>
        </Upload>
        {(shown || chosen) && (
          <Button icon={<DeleteOutlined />} disabled={disabled} onClick={() => onChange?.(stored ? { remove: true } : null)}>
            {T.removeImage}
          </Button>
        )}
      </Space>
      {error && (
        <Typography.Paragraph type="danger" style={{ marginBottom: 0 }}>
          {error}
        </Typography.Paragraph>
      )}
    </div>
  );
}
