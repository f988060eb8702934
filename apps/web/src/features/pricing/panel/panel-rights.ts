import type { PriceKind } from '@b2b/contracts/pricing';
import type { Rights } from '@b2b/contracts/rights';

/** What the user may do on a pricing panel (shop-pricing-offers-loyalty.md §6; the server checks the same rights). */
export interface PanelRights {
  /** Section and product markups of a list or column. */
  editRates: boolean;
  /** A client's point prices. */
  editPointPrices: boolean;
  /** Upload a file, apply, cancel, roll back, prolong. */
  upload: boolean;
  download: boolean;
  reset: boolean;
  /** Create and switch off YML links. */
  yml: boolean;
}

/**
 * A list or column: ADMIN and PRICE edit rates, files and links (editPriceSettings), download with downloadPriceExcel
 * and reset with resetExcel (off wherever the download is). A client: editPersonalPrices (ADMIN, CLIENTS) for all.
 */
export function panelRights(type: PriceKind, rights: Rights | null): PanelRights {
  if (type === 'client') {
    const personal = rights?.editPersonalPrices === true;
    return { editRates: false, editPointPrices: personal, upload: personal, download: personal, reset: personal, yml: personal };
  }
  const edit = rights?.editPriceSettings === true;
  return {
    editRates: edit,
    editPointPrices: false,
    upload: edit,
    download: rights?.downloadPriceExcel === true,
    reset: rights?.downloadPriceExcel === true && rights.resetExcel,
    yml: edit,
  };
}
