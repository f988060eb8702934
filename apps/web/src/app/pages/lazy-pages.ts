import { lazyPage } from '@/shared/ui/lazy-page';

/*
 * Pages the login page never shows, loaded when first shown: their antd Result (with its 404/500 pictures) and
 * Card stay out of the first download.
 */
export const NotFoundPage = lazyPage(() => import('@/app/pages/not-found-page').then((m) => m.NotFoundPage));
export const RepairPage = lazyPage(() => import('@/app/pages/repair-page').then((m) => m.RepairPage));
export const RouteErrorPage = lazyPage(() => import('@/app/pages/route-error-page').then((m) => m.RouteErrorPage));
export const ServerErrorPage = lazyPage(() => import('@/app/pages/server-error-page').then((m) => m.ServerErrorPage));
export const ClientHomePage = lazyPage(() => import('@/app/pages/client-home-page').then((m) => m.ClientHomePage));
export const ForbiddenResult = lazyPage(() => import('@/shared/ui/forbidden-result').then((m) => m.ForbiddenResult));
export const SessionFailed = lazyPage(() => import('@/app/session/session-failed').then((m) => m.SessionFailed));
