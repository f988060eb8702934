import { useState } from 'react';
import { Button, Flex, InputNumber, Space, Typography } from 'antd';
import { MinusOutlined, PictureOutlined, PlusOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useSaveBasket } from '@/features/storefront/api/storefront-api';
import { packOf, quantityError, stepQuantity } from '@/features/storefront/quantity';
import { useShop } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';
import { notifyError, notifySuccess } from '@/shared/ui/notify';

/** A product's picture, or a placeholder when it has none or it does not load. */
export function ProductPicture({ src, alt, size }: { src: string | null; alt: string; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = { width: size, height: size, flex: `0 0 ${size}px`, borderRadius: 6, background: '#fafafa', border: '1px solid #f0f0f0' };
  if (!src || failed === src) {
    return (
      <Flex align="center" justify="center" style={box}>
        <PictureOutlined style={{ fontSize: size / 3, color: '#bfbfbf' }} />
      </Flex>
    );
  }
  return <img src={src} alt={alt} loading="lazy" onError={() => setFailed(src)} style={{ ...box, objectFit: 'contain' }} />;
}

/**
 * A quantity in packs: − and + step by the product's multiplicity (MULTIPLICITY), and a typed quantity that is not
 * a multiple is marked with the spec's message. `floor` is the least − goes to (0 where it empties a line).
 */
export function QuantityInput({
  value,
  multiplicity,
  onChange,
  onCommit,
  floor,
  commitOnStep = false,
  testId = 'qty',
}: {
  value: number | null;
  multiplicity: number;
  onChange: (value: number | null) => void;
  /** Enter pressed (or, with commitOnStep, a step taken): the value to act on. */
  onCommit?: (value: number) => void;
  floor?: number;
  /** − and + act at once (a basket line), rather than only change the number (before «В корзину»). */
  commitOnStep?: boolean;
  testId?: string;
}) {
  const error = quantityError(value, multiplicity, floor === 0);
  const step = (direction: 1 | -1) => {
    const next = stepQuantity(value ?? 0, multiplicity, direction, floor);
    onChange(next);
    if (commitOnStep) onCommit?.(next);
  };
  return (
    <Flex vertical gap={2}>
      <Space.Compact size="small">
        <Button icon={<MinusOutlined />} onClick={() => step(-1)} aria-label="−" data-testid={`${testId}-minus`} />
        <InputNumber
          value={value}
          min={0}
          controls={false}
          status={error ? 'error' : undefined}
          onChange={(v) => onChange(typeof v === 'number' ? v : null)}
          onPressEnter={() => !error && value !== null && onCommit?.(value)}
          style={{ width: 64 }}
          data-testid={`${testId}-input`}
        />
        <Button icon={<PlusOutlined />} onClick={() => step(1)} aria-label="+" data-testid={`${testId}-plus`} />
      </Space.Compact>
      {error && (
        <Typography.Text type="danger" style={{ fontSize: 12, maxWidth: 220 }} data-testid={`${testId}-error`}>
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A quantity and «В корзину»: adds that many (a multiple of the pack) to the basket, refusing any other quantity. */
export function AddToBasket({ productId, multiplicity, vertical = false }: { productId: number; multiplicity: number; vertical?: boolean }) {
  const { link } = useShop();
  const save = useSaveBasket(link);
  const [quantity, setQuantity] = useState<number | null>(packOf(multiplicity));
  const add = () => {
    const error = quantityError(quantity, multiplicity);
    if (error || quantity === null) {
      notifyError(error ?? SHOP_UI.catalog.quantity);
      return;
    }
    save.mutate({ product_id: productId, quantity, add: true }, { onSuccess: () => notifySuccess(SHOP_UI.catalog.added) });
  };
  return (
    <Flex gap={8} align="flex-start" vertical={vertical}>
      <QuantityInput value={quantity} multiplicity={multiplicity} onChange={setQuantity} onCommit={add} testId="product-qty" />
      <Button type="primary" size="small" icon={<ShoppingCartOutlined />} loading={save.isPending} onClick={add} data-testid="product-add">
        {SHOP_UI.catalog.toBasket}
      </Button>
    </Flex>
  );
}
