import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsContract as c, type AdminMailResponse, type NotificationsResponse, type PreferencesWire } from '../../shared/api/notifications';
import { useAuthStore } from '../auth/store';
import { call } from '../api/call';

/** The notification centre's calls, each one an entry of the shared contract. */
export const notificationsApi = {
  list: (): Promise<NotificationsResponse> => call(c.list),
  markRead: (id: string): Promise<void> => call(c.markRead, { params: { id } }),
  markAllRead: (): Promise<void> => call(c.markAllRead),
  preferences: (): Promise<PreferencesWire> => call(c.getPreferences),
  savePreferences: (p: PreferencesWire): Promise<PreferencesWire> => call(c.putPreferences, { body: p }),
  adminMail: (page: number): Promise<AdminMailResponse> => call(c.adminMail, { query: { page } }),
};

export const notificationsKey = ['notifications'] as const;
export const notificationListKey = [...notificationsKey, 'list'] as const;
export const preferencesKey = [...notificationsKey, 'preferences'] as const;
export const adminMailKey = ['admin', 'mail'] as const;

/** The bell asks for news as often as the balance widget polls. */
export const notificationsPollMs = 10_000;

export function useNotifications() {
  const signedIn = useAuthStore((s) => s.status === 'signed-in');
  return useQuery({ queryKey: notificationListKey, queryFn: notificationsApi.list, enabled: signedIn, refetchInterval: notificationsPollMs });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({ mutationFn: notificationsApi.markRead, onSettled: () => client.invalidateQueries({ queryKey: notificationListKey }) });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({ mutationFn: notificationsApi.markAllRead, onSettled: () => client.invalidateQueries({ queryKey: notificationListKey }) });
}

export function usePreferences() {
  return useQuery({ queryKey: preferencesKey, queryFn: notificationsApi.preferences });
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({ mutationFn: notificationsApi.savePreferences, onSuccess: (saved) => client.setQueryData(preferencesKey, saved) });
}

export function useAdminMail(page: number) {
  return useQuery({ queryKey: [...adminMailKey, page], queryFn: () => notificationsApi.adminMail(page), placeholderData: keepPreviousData });
}
