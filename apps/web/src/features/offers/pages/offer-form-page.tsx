import { Alert, Flex, Form, Spin, Tag } from 'antd';
import { useParams } from 'react-router';
import { errorText } from '@/api/error-text';
import { useOffer } from '@/features/offers/api/offers-api';
import { OfferForm } from '@/features/offers/components/offer-form';
import { OfferSwitch } from '@/features/offers/components/offer-switch';
import { rememberSwitched, switchedOffer } from '@/features/offers/kept-offers';
import { STATE_COLOR } from '@/features/offers/offer-format';
import type { OfferFormValues } from '@/features/offers/offer-form-values';
import { OFFERS_UI as T } from '@/features/offers/offers-text';
import { useSession } from '@/shared/auth/session-context';
import { ForbiddenResult } from '@/shared/ui/forbidden-result';
import { PageTitle } from '@/shared/ui/page-title';
import { PAGE_TITLE } from '@/shared/ui-text';

/** /partner/offers/create: a new offer (editOffers only). */
export function OfferCreatePage() {
  const { rights } = useSession();
  const [form] = Form.useForm<OfferFormValues>();
  if (!rights?.editOffers) return <ForbiddenResult />;
  return (
    <div data-testid="offer-page">
      <PageTitle>{PAGE_TITLE.offerCreate}</PageTitle>
      <OfferForm canEdit form={form} />
    </div>
  );
}

/** /partner/offers/edit/:id: the stored offer (read-only without editOffers), its gifts looked up by code, the switch. */
export function OfferEditPage() {
  const { id = '' } = useParams();
  const { rights } = useSession();
  const offerId = /^\d+$/.test(id) ? Number(id) : 0;
  const card = useOffer(offerId);
  const [form] = Form.useForm<OfferFormValues>();
  const canEdit = !!rights?.editOffers;
  const offer = card.data;

  return (
    <div data-testid="offer-page">
      <Flex justify="space-between" align="start" gap={8} wrap>
        <PageTitle>{offer ? `${PAGE_TITLE.offerEdit(id)}: ${offer.NAME}` : PAGE_TITLE.offerEdit(id)}</PageTitle>
        {offer && canEdit && (
          <OfferSwitch
            id={offer.ID}
            on={offer.ACTIVE === 'Y'}
            onSwitched={(on) => {
              form.setFieldValue('active', on);
              // The list the user goes back to keeps it in view with its new state (issue 39 §4).
              rememberSwitched(switchedOffer(offer, on));
            }}
          />
        )}
      </Flex>
      {!canEdit && <Alert type="info" showIcon title={T.form.readOnly} style={{ marginBottom: 16 }} data-testid="offer-read-only" />}
      {card.isError && <Alert type="error" showIcon title={errorText(card.error)} data-testid="offer-error" />}
      {card.isPending && !card.isError && (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin size="large" />
        </div>
      )}
      {offer && (
        <>
          <Tag color={STATE_COLOR[offer.STATE.CODE]} style={{ marginBottom: 16 }} data-testid="offer-state-line">
            {offer.STATE.NAME}
          </Tag>
          <OfferForm key={offer.ID} offer={offer} canEdit={canEdit} form={form} />
        </>
      )}
    </div>
  );
}
