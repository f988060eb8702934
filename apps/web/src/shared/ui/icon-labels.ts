/**
 * antd's icons name themselves to screen readers in English: each is `<span role="img" aria-label="search">`, so a
 * screen reader read «logout Выйти» for the sign-out button, «shopping-cart Заказы» for a menu item, «left»/«right»
 * for the pager's arrows and «search» for the search button (issue 39 §4). antd's ru_RU locale does not reach them, and
 * antd draws many of them itself (pager, selects, trees, modals' close). One watcher over the page fixes them all:
 * an icon beside words is decoration and is hidden from screen readers; a control made of an icon alone is named in
 * Russian — by the title it already carries (the pager's «Назад»), else by the icon's Russian name below.
 */

/** Russian names of controls that are an icon alone, by antd's icon name. */
export const ICON_LABEL_RU: Readonly<Record<string, string>> = {
  search: 'Найти',
  close: 'Закрыть',
  'close-circle': 'Очистить',
  left: 'Назад',
  right: 'Вперед',
  'double-left': 'Предыдущие страницы',
  'double-right': 'Следующие страницы',
  reload: 'Обновить',
  sync: 'Обновить',
  delete: 'Удалить',
  edit: 'Изменить',
  plus: 'Добавить',
  minus: 'Убрать',
  'arrow-up': 'Выше',
  'arrow-down': 'Ниже',
  'arrow-left': 'Назад',
  download: 'Скачать',
  upload: 'Загрузить',
  eye: 'Показать',
  'eye-invisible': 'Скрыть',
  copy: 'Копировать',
  mail: 'Отправить письмо',
  'file-excel': 'Выгрузить в Excel',
  logout: 'Выйти',
  'question-circle': 'Подсказка',
  'info-circle': 'Подсказка',
};

/** What a control around an icon already says to a screen reader. */
export interface IconHost {
  /** Its own visible text (the icon has none). */
  text: string;
  /** aria-label or aria-labelledby it carries. */
  labelled: boolean;
  /** Its title attribute, or its parent's (antd's pager items carry one around their arrow buttons). */
  title: string | null;
}

/**
 * The plan for one antd icon whose screen-reader name is its English icon name: it is always hidden from screen
 * readers; the control it alone makes up (none: an icon standing alone) is given a Russian name when it has none.
 */
export function iconLabelPlan(iconName: string, host: IconHost | null): { hostLabel: string | null } {
  if (!host || host.text.trim() || host.labelled) return { hostLabel: null };
  return { hostLabel: host.title?.trim() || ICON_LABEL_RU[iconName] || null };
}

/** An icon's English name (antd's aria-label): lower-case latin words with dashes; a Russian label set by hand is kept. */
export const isEnglishIconName = (label: string | null): label is string => !!label && /^[a-z][a-z0-9-]*$/.test(label);

const HOST = 'button, a[href], [role="button"], [role="menuitem"], [role="tab"], [role="switch"], [role="checkbox"], [role="option"]';
const ICON = 'span.anticon[role="img"][aria-label]';

function relabel(icon: Element): void {
  const name = icon.getAttribute('aria-label');
  if (!isEnglishIconName(name) || icon.getAttribute('aria-hidden') === 'true') return;
  // An icon that is a control itself (clickable, focusable) is its own host.
  const host = icon.hasAttribute('tabindex') ? icon : (icon.parentElement?.closest(HOST) ?? null);
  const plan = iconLabelPlan(
    name,
    host && {
      text: host === icon ? '' : (host.textContent ?? ''),
      labelled: host !== icon && (host.hasAttribute('aria-label') || host.hasAttribute('aria-labelledby')),
      title: host.getAttribute('title') ?? host.parentElement?.getAttribute('title') ?? null,
    },
  );
  if (host === icon) {
    if (plan.hostLabel) icon.setAttribute('aria-label', plan.hostLabel);
    return;
  }
  if (plan.hostLabel && host) host.setAttribute('aria-label', plan.hostLabel);
  icon.setAttribute('aria-hidden', 'true');
}

function relabelIn(node: Node): void {
  if (!(node instanceof Element)) return;
  if (node.matches(ICON)) relabel(node);
  node.querySelectorAll(ICON).forEach(relabel);
}

/** Watches `root` (the page) and relabels every antd icon drawn in it, now and later; the returned function stops. */
export function watchIconLabels(root: HTMLElement = document.body): () => void {
  relabelIn(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') relabelIn(record.target);
      else record.addedNodes.forEach(relabelIn);
    }
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
  return () => observer.disconnect();
}
