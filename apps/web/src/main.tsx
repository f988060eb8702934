import { MSG } from '@b2b/contracts/messages';

/*
 * Two apps share this page: a buyer who opens a shop (/shop/{link}/…) downloads only the shop's first page (no antd,
 * no back office); everyone else gets the back office. Each is its own chunk over the shared framework chunk.
 */
const container = document.getElementById('root') as HTMLElement;

const app = /^\/shop\/[^/]+/.test(window.location.pathname)
  ? import('@/features/storefront/mount-shop').then((m) => m.mountShop(container))
  : import('@/app/mount-back-office').then((m) => m.mountBackOffice(container));

// A chunk that did not arrive (a dropped connection, a release replaced meanwhile): say so instead of a blank page.
app.catch(() => {
  container.setAttribute('role', 'alert');
  container.style.cssText = 'padding:24px;font:14px/1.5 Arial,sans-serif';
  container.textContent = MSG.networkError;
});
