import { Button, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { downloadFile } from '@/api/download-export';
import { errorText } from '@/api/error-text';
import { XLS_ACCEPT, xlsProblem } from '@/features/offers/offer-checks';
import { OFFERS_UI as T } from '@/features/offers/offers-text';
import { notifyError } from '@/shared/ui/notify';
import { type FileFieldProps, useFileChoice } from '@/features/offers/components/use-file-choice';

interface Props extends FileFieldProps {
  /** How many products the offer's promo assortment holds. */
  productsCount: number;
}

/** The promo assortment (xls_file): an Excel file of 6-digit product codes and site prices; the stored one shows. */
export function XlsFileField(props: Props) {
  const { stored, productsCount, disabled } = props;
  const { chosen, removed, refused, pick, remove } = useFileChoice(props, xlsProblem);
  const current = chosen ? chosen.name : removed ? null : (stored?.NAME ?? null);

  return (
    <div data-testid="offer-xls">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {T.form.productsHint}
      </Typography.Paragraph>
      <Space align="center" wrap>
        {chosen && (
          <Typography.Text data-testid="offer-xls-name">
            <FileExcelOutlined /> {chosen.name}
          </Typography.Text>
        )}
        {!chosen && !removed && stored && (
          // The stored file is the partner's own: fetched with the session's token, never a token in a link.
          <Typography.Link
            data-testid="offer-xls-name"
            onClick={() => downloadFile(stored.URL, stored.NAME).catch((e: unknown) => notifyError(errorText(e)))}
          >
            <FileExcelOutlined /> {stored.NAME}
          </Typography.Link>
        )}
        {!chosen && !removed && productsCount > 0 && (
          <Typography.Text type="secondary" data-testid="offer-xls-count">
            {T.form.productsCount(productsCount)}
          </Typography.Text>
        )}
        <Upload beforeUpload={(file) => (pick(file), Upload.LIST_IGNORE)} showUploadList={false} accept={XLS_ACCEPT} disabled={disabled}>
          <Button icon={<UploadOutlined />} disabled={disabled} data-testid="offer-xls-choose">
            {T.form.productsChoose}
          </Button>
        </Upload>
        {current && !disabled && (
          <Button icon={<DeleteOutlined />} onClick={remove} data-testid="offer-xls-remove">
            {T.form.productsRemove}
          </Button>
        )}
      </Space>
      {refused && (
        <Typography.Paragraph type="danger" style={{ margin: '4px 0 0' }} data-testid="offer-xls-refused">
          {refused}
        </Typography.Paragraph>
      )}
    </div>
  );
}
