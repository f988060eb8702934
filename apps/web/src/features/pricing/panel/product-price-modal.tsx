import { useState } from 'react';
import { App, type ButtonProps, Descriptions, Input, Modal, Typography } from 'antd';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { PRICING_MSG, type PricingProduct } from '@b2b/contracts/pricing';
import { useSaveProductPrice } from '@/features/pricing/api/pricing-api';
import { formatPercent, isPercent } from '@/features/pricing/panel/percent-text';
import type { PanelTarget } from '@/features/pricing/panel/price-file-target';
import { PANEL_UI as T } from '@/features/pricing/panel/pricing-panel-text';
import { formatMoney } from '@/shared/formatters/format-money';
import { cleanMoneyInput } from '@/shared/inputs/money';
import { cleanPercentInput } from '@/shared/inputs/percent';
import { notifySuccess } from '@/shared/ui/notify';

const MONEY_PATTERN = /^\d{1,12}(\.\d{1,4})?$/;

/** The value the input starts from: the product's own percent (a list) or its personal price (a client). */
const initialValue = (target: PanelTarget, product: PricingProduct) =>
  product.INDIVIDUAL !== 'Y' ? '' : target.type === 'client' ? product.PRICE : formatPercent(product.PERCENT).replace(',', '.');

/** A product's own markup in a list or column, or a client's point price of it (WARNING when below the purchase price). */
export function ProductPriceModal({ target, product, onClose }: { target: PanelTarget; product: PricingProduct; onClose: () => void }) {
  const client = target.type === 'client';
  const [value, setValue] = useState(() => initialValue(target, product));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveProductPrice(target);
  const { notification } = App.useApp();

  const submit = async () => {
    const ok = client ? MONEY_PATTERN.test(value) : isPercent(value);
    if (!ok) {
      setError(client ? PRICING_MSG.priceInvalid : PRICING_MSG.percentInvalid);
      return;
    }
    const answer = await save.mutateAsync({ productId: product.ID, value });
    if (answer.WARNING) notification.warning({ title: answer.WARNING, props: { 'data-testid': 'price-warning' } });
    notifySuccess(answer.MESSAGE ?? (client ? PRICING_MSG.personalPriceSaved : PRICING_MSG.productRateSaved));
    onClose();
  };

  return (
    <Modal
      open
      title={client ? T.pointPriceTitle(product.NAME) : T.productRateTitle(product.NAME)}
      okText={ACTION_LABEL.save}
      cancelText={ACTION_LABEL.cancel}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'product-price-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={T.code}>{product.UP_CODE_1C}</Descriptions.Item>
        <Descriptions.Item label={T.purchasePrice}>{formatMoney(product.PURCHASE_PRICE)}</Descriptions.Item>
        <Descriptions.Item label={T.basePrice}>{formatMoney(product.BASE_PRICE)}</Descriptions.Item>
        <Descriptions.Item label={T.price}>{formatMoney(product.PRICE)}</Descriptions.Item>
      </Descriptions>
      <Typography.Text>{client ? T.editPrice : T.editRate}</Typography.Text>
      <Input
        autoFocus
        data-testid="product-price-input"
        style={{ marginTop: 4 }}
        suffix={client ? product.CURRENCY : '%'}
        value={value}
        status={error ? 'error' : undefined}
        onChange={(e) => {
          setValue(client ? cleanMoneyInput(e.target.value) : cleanPercentInput(e.target.value));
          setError(null);
        }}
        onPressEnter={submit}
      />
      {error && (
        <div className="ant-form-item-explain-error" data-testid="product-price-error" style={{ marginTop: 4 }}>
          {error}
        </div>
      )}
    </Modal>
  );
}
