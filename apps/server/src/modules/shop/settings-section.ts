import { EMAIL_RE } from '@b2b/contracts/employees';
import { LIMITS } from '@b2b/contracts/limits';
import { cleanDomainName, isValidDomainName } from '@b2b/contracts/shop-domain';
import { SHOP_MSG, SHOP_TEXT_MAX } from '@b2b/contracts/shop';
import { DEFAULT_TIME_ZONE, SHOP_TIME_ZONE_IDS } from '@b2b/contracts/time-zones';
import type { ShopSaveBody } from '@b2b/contracts/shop-wire';
import { orNull, type Errors, type SectionDraft } from './section-draft';
import type { ShopRow } from './shop.repo';

/**
 * The settings tab: shop link (wrong_link), domain (wrong_domain), Google ID, shop e-mails and notification
 * e-mails (errors keyed by their payload index: shop_email_1, notify_email_2), the confirmation checkbox,
 * registration, search texts and the time zone dates are shown in. Whether a link or domain is taken is asked by the service.
 */

const SHOP_LINK_RE = /^[A-Za-z0-9_-]+$/;
const SHOP_LINK_MAX = 63;
const GOOGLE_ID_RE = /^[A-Za-z]{1,4}-[A-Za-z0-9-]{4,40}$/;

/** Each address valid and not a repeat of an earlier one; empty rows are skipped. Answers the kept addresses. */
function checkEmails(raw: string[], key: string, errors: Errors): string[] {
  const kept: string[] = [];
  raw.forEach((value, index) => {
    const email = value.toLowerCase();
    if (!email) return;
    if (email.length > 254 || !EMAIL_RE.test(email)) errors[`${key}_${index}`] = SHOP_MSG.emailInvalid;
    else if (kept.includes(email)) errors[`${key}_${index}`] = SHOP_MSG.emailDuplicate;
    else kept.push(email);
  });
  return kept;
}

export function settingsSection(d: SectionDraft<ShopSaveBody>, shop: ShopRow): void {
  const link = d.text('shop_link', shop.shop_link, SHOP_LINK_MAX);
  if (link && !SHOP_LINK_RE.test(link)) d.errors.wrong_link = SHOP_MSG.shopLinkInvalid;
  if (d.errors.shop_link) d.errors.wrong_link = d.errors.shop_link;
  delete d.errors.shop_link;
  d.set.shop_link = orNull(link);

  const domainSent = d.sent('domain_name');
  const domain = domainSent ? cleanDomainName(d.text('domain_name', null, 1000)) : (shop.domain_name ?? '');
  delete d.errors.domain_name;
  if (domain && !isValidDomainName(domain)) d.errors.wrong_domain = SHOP_MSG.domainInvalid;
  d.set.domain_name = orNull(domain);

  const googleId = d.text('google_id', shop.google_id, 50);
  if (googleId && !GOOGLE_ID_RE.test(googleId)) d.errors.google_id = SHOP_MSG.choiceInvalid;
  d.set.google_id = orNull(googleId);

  d.set.shop_emails = checkEmails(d.list('shop_email', shop.shop_emails), 'shop_email', d.errors);
  const notify = d.list('notify_email', shop.notify_emails);
  const notifyEmails = checkEmails(notify, 'notify_email', d.errors);
  if (notifyEmails.length > LIMITS.notifyEmailsMax) d.errors.notify_email = SHOP_MSG.notifyEmailsTooMany;
  d.set.notify_emails = notifyEmails;
  d.set.notify_checkbox = d.flag('notify_checkbox', shop.notify_checkbox);
  // Mail sent from the shop's own addresses (own domain) needs the owner to confirm the mail set-up is done.
  if (notifyEmails.length && !d.set.notify_checkbox) d.errors.notify_checkbox = SHOP_MSG.confirmActions;

  d.set.registration_enabled = d.flag('registration', shop.registration_enabled);
  d.set.allow_physical = d.flag('allow_physical', shop.allow_physical);
  d.set.search_title = orNull(d.text('search_title', shop.search_title, SHOP_TEXT_MAX.short));
  d.set.search_description = orNull(d.text('search_description', shop.search_description, SHOP_TEXT_MAX.text));
  d.set.time_zone = d.choice('time_zone', shop.time_zone, SHOP_TIME_ZONE_IDS, DEFAULT_TIME_ZONE);
}
