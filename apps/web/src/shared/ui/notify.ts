import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

let instance: MessageInstance | null = null;

/** The app registers antd's context-aware message instance here (see NotifyBridge in app/providers). */
export function registerMessageInstance(next: MessageInstance | null): void {
  instance = next;
}

/** A toast with an error text, usable outside components (query caches, event handlers). */
export function notifyError(text: string): void {
  void (instance ?? message).error(text);
}

export function notifySuccess(text: string): void {
  void (instance ?? message).success(text);
}
