import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Row } from 'antd';
import { useNavigate } from 'react-router';
import { BANNER_PLACEMENT_LABEL, BANNER_PLACEMENTS, OFFER_MSG, type OfferCard } from '@b2b/contracts/offers';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { useSaveOffer } from '@/features/offers/api/offers-api';
import { BannerField } from '@/features/offers/components/banner-field';
import { OfferMainFields } from '@/features/offers/components/offer-main-fields';
import { PresentRows } from '@/features/offers/components/present-rows';
import { XlsFileField } from '@/features/offers/components/xls-file-field';
import { placeOfferErrors } from '@/features/offers/offer-errors';
import { OFFER_LIST_COOKIE } from '@/features/offers/offer-list-params';
import { type OfferFormValues, offerFormValues, offerPayload } from '@/features/offers/offer-form-values';
import { OFFERS_UI as T } from '@/features/offers/offers-text';
import { useListReturn } from '@/shared/list-params/list-return';
import { notifySuccess } from '@/shared/ui/notify';

export const OFFER_LIST_PATH = '/partner/offers';

/**
 * Enter in a field (a date typed in, a gift code) confirms that field only: a long form with files is saved by its
 * button, never half-filled by the browser's implicit submission.
 */
const keepOpenOnEnter = (event: React.KeyboardEvent<HTMLFormElement>) => {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
};

interface Props {
  /** The stored offer; none: a new one. */
  offer?: OfferCard;
  canEdit: boolean;
  /** The form instance, so that the page's switch can mirror the new state in the «Активна» flag. */
  form: ReturnType<typeof Form.useForm<OfferFormValues>>[0];
}

/**
 * The offer form (§2 Offer form, §4 Offer save): the client checks the spec's rules first; a refused save's check_*
 * errors land on their fields (a gift's on that gift, check_products on the excel file); SUCCESS Y returns to the
 * list with the answer's MESSAGE. Without editOffers every field is read-only.
 */
export function OfferForm({ offer, canEdit, form }: Props) {
  const navigate = useNavigate();
  // The list as the user left it (its filters, search and page), else the list with its saved filters.
  const listUrl = useListReturn(OFFER_LIST_COOKIE, OFFER_LIST_PATH);
  const save = useSaveOffer();
  const [other, setOther] = useState<string[]>([]);

  const submit = async (values: OfferFormValues) => {
    setOther([]);
    try {
      const answer = await save.mutateAsync({ id: offer?.ID, body: offerPayload(values) });
      notifySuccess(answer.MESSAGE ?? (offer ? OFFER_MSG.saved : OFFER_MSG.created));
      void navigate(OFFER_LIST_PATH);
    } catch (error) {
      const errors = isApiError(error) ? error.errors : {};
      if (!Object.keys(errors).length) return setOther([errorText(error)]);
      const placed = placeOfferErrors(errors, values.presents.length);
      form.setFields(placed.fields as { name: never; errors: string[] }[]);
      setOther(placed.other);
    }
  };

  return (
    <Form<OfferFormValues>
      form={form}
      layout="vertical"
      initialValues={offerFormValues(offer)}
      onFinish={submit}
      disabled={!canEdit}
      scrollToFirstError
      onKeyDown={keepOpenOnEnter}
      data-testid="offer-form"
    >
      <Card title={T.form.main} style={{ marginBottom: 16 }}>
        <OfferMainFields offer={offer} />
      </Card>
      <Card title={T.form.presents} style={{ marginBottom: 16 }}>
        <PresentRows form={form} disabled={!canEdit} />
      </Card>
      <Card title={T.form.banners} extra={T.form.bannerHint} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          {BANNER_PLACEMENTS.map((placement) => (
            <Col key={placement} xs={24} md={8}>
              <Form.Item name={placement} label={BANNER_PLACEMENT_LABEL[placement]}>
                <BannerField stored={offer?.BANNERS[placement] ?? null} testId={`offer-${placement}`} disabled={!canEdit} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Card>
      <Card title={T.form.products} style={{ marginBottom: 16 }}>
        <Form.Item name="xls_file" style={{ marginBottom: 0 }}>
          <XlsFileField stored={offer?.XLS_FILE ?? null} productsCount={offer?.PRODUCTS_CNT ?? 0} disabled={!canEdit} />
        </Form.Item>
      </Card>
      {other.length > 0 && <Alert type="error" showIcon style={{ marginBottom: 16 }} data-testid="offer-form-errors" title={other.join('\n')} />}
      <Flex gap={8}>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="offer-save">
            {T.form.save}
          </Button>
        )}
        <Button disabled={false} onClick={() => void navigate(listUrl)} data-testid="offer-back">
          {T.form.back}
        </Button>
      </Flex>
    </Form>
  );
}
