import { Button, Col, Form, Input, Row, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { EXCHANGE_1C_SETTINGS_LIMITS, type Exchange1cSettingsAnswer } from '@b2b/contracts/exchange-1c';
import type { PriceRow } from '@/features/settings/exchange-1c-form-values';
import { EXCHANGE_1C_TEXT as T } from '@/features/settings/exchange-1c-text';

/** A type 1C has sent: its name as 1C wrote it (the form keeps it; it is not typed here). */
function SeenTypeName({ value }: { value?: string }) {
  return (
    <span>
      <Typography.Text strong data-testid="price-type-seen">
        {value}
      </Typography.Text>{' '}
      <Typography.Text type="secondary">({T.seenFrom1c})</Typography.Text>
    </span>
  );
}

/**
 * «Сопоставление типов цен»: each price type 1C has sent, and those added by name before the first exchange, to a
 * price list or a column of the partner (or none: its prices are not loaded).
 */
export function Exchange1cPriceMap({ lists }: { lists: Exchange1cSettingsAnswer['PRICE_LISTS'] }) {
  const options = [
    { label: T.priceLists, options: lists.filter((l) => l.KIND === 'PRICELIST').map((l) => ({ value: l.ID, label: l.NAME })) },
    { label: T.columns, options: lists.filter((l) => l.KIND === 'COLUMN').map((l) => ({ value: l.ID, label: l.NAME })) },
  ].filter((group) => group.options.length);
  const rows = Form.useWatch<PriceRow[] | undefined>('price_map');
  return (
    <Form.List name="price_map">
      {(fields, { add, remove }) => (
        <div data-testid="price-map">
          {!fields.length && (
            <Typography.Paragraph type="secondary" data-testid="price-map-empty">
              {T.noPriceTypes}
            </Typography.Paragraph>
          )}
          {fields.map((field) => {
            const seen = rows?.[field.name]?.seen ?? false;
            return (
              <Row key={field.key} gutter={8} align="top" data-testid="price-map-row">
                <Col flex="1 1 260px">
                  <Form.Item name={[field.name, 'typeName']} style={{ marginBottom: 8 }}>
                    {seen ? (
                      <SeenTypeName />
                    ) : (
                      <Input placeholder={T.priceTypeName} maxLength={EXCHANGE_1C_SETTINGS_LIMITS.priceTypeChars} data-testid="price-type-name" />
                    )}
                  </Form.Item>
                </Col>
                <Col flex="1 1 260px">
                  <Form.Item name={[field.name, 'priceListId']} style={{ marginBottom: 8 }}>
                    <Select allowClear placeholder={T.notLoaded} options={options} aria-label={T.priceList} data-testid="price-list-select" />
                  </Form.Item>
                </Col>
                <Col flex="none">
                  {!seen && (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={T.removePriceType}
                      onClick={() => remove(field.name)}
                      data-testid="price-type-remove"
                    />
                  )}
                </Col>
              </Row>
            );
          })}
          {fields.length < EXCHANGE_1C_SETTINGS_LIMITS.priceMapRows && (
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ typeId: '', typeName: '', seen: false })}
              style={{ marginBottom: 16 }}
              data-testid="price-type-add"
            >
              {T.addPriceType}
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}
