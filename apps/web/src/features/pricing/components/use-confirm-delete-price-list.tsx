import { App } from 'antd';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { PRICE_LIST_KIND, PRICE_LIST_MSG, type PriceListItem, type PriceListType } from '@b2b/contracts/price-lists';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { useDeletePriceList } from '@/features/pricing/api/price-lists-api';
import { PRICE_LISTS_UI } from '@/features/pricing/price-lists-text';

/**
 * Delete with a confirmation step (§4, §8): «Прайс “{name}“ будет удален.» and «Восстановить удаленный прайс
 * невозможно.»; then a success modal with the deleted name, or a failure modal with the reason (the additional info).
 */
export function useConfirmDeletePriceList(type: PriceListType, onDeleted: (item: PriceListItem) => void) {
  const { modal } = App.useApp();
  const remove = useDeletePriceList();
  const kind = PRICE_LIST_KIND[type];

  const fail = (error: unknown) => {
    const errors = isApiError(error) ? error.errors : {};
    modal.error({
      title: errors.delete ?? PRICE_LIST_MSG.deleteFailed[kind],
      content: <span data-testid="price-list-delete-failure">{errors.additional_info ?? errorText(error)}</span>,
      okText: ACTION_LABEL.close,
    });
  };

  return (item: PriceListItem) =>
    modal.confirm({
      title: PRICE_LIST_MSG.deleteConfirm[kind](item.NAME),
      content: PRICE_LIST_MSG.deleteIrreversible,
      okText: ACTION_LABEL.delete,
      okButtonProps: { danger: true, 'data-testid': 'price-list-delete-ok' },
      cancelText: ACTION_LABEL.cancel,
      onOk: async () => {
        try {
          const answer = await remove.mutateAsync({ type, id: item.ID });
          onDeleted(item);
          modal.success({
            title: PRICE_LISTS_UI.deletedTitle,
            content: <span data-testid="price-list-deleted">{answer.MESSAGE ?? PRICE_LIST_MSG.deleted[kind](item.NAME)}</span>,
            okText: ACTION_LABEL.close,
          });
        } catch (error) {
          fail(error);
        }
      },
    });
}
