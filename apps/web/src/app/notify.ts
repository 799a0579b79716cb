import { notifications } from '@mantine/notifications';
import { i18n } from './i18n.ts';
import { serverErrorText } from './serverErrors.ts';

/** Toasts sit bottom right, titled Success or Error (spec section 8). */
export function notifySuccess(message: string): void {
  notifications.show({ title: i18n.t('toast.success'), message, color: 'green' });
}

export function notifyError(error: unknown, id?: string): void {
  notifications.show({ id, title: i18n.t('toast.error'), message: serverErrorText(error), color: 'red' });
}
