import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAlertsContract as c, type AdminAlertKind, type AdminAlertPreferences, type AlertListResponse, type AlertWire } from '../../shared/api/admin-alerts';
import { notificationListKey } from './notifications';
import { call } from '../api/call';

/** An administrator's alert preferences, each call an entry of the shared contract. */
export const adminAlertsApi = {
  preferences: (): Promise<AdminAlertPreferences> => call(c.getPreferences),
  savePreferences: (p: AdminAlertPreferences): Promise<AdminAlertPreferences> => call(c.putPreferences, { body: p }),
  list: (page: number, show: 'all' | 'attention'): Promise<AlertListResponse> => call(c.list, { query: { page, show } }),
  acknowledge: (id: string): Promise<AlertWire> => call(c.acknowledge, { params: { id } }),
  sendTest: (kind: AdminAlertKind): Promise<AlertWire> => call(c.sendTest, { body: { kind } }),
};

export const adminAlertListKey = ['admin', 'alerts'] as const;
/** Webhook deliveries and new alerts show up without a reload: as often as the bell asks. */
const alertsPollMs = 10_000;

export function useAdminAlertList(page: number, show: 'all' | 'attention') {
  return useQuery({ queryKey: [...adminAlertListKey, page, show], queryFn: () => adminAlertsApi.list(page, show), placeholderData: keepPreviousData, refetchInterval: alertsPollMs });
}

export function useAcknowledgeAlert() {
  const client = useQueryClient();
  return useMutation({ mutationFn: adminAlertsApi.acknowledge, onSettled: () => client.invalidateQueries({ queryKey: adminAlertListKey }) });
}

export function useSendTestAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: adminAlertsApi.sendTest,
    onSettled: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: adminAlertListKey }), client.invalidateQueries({ queryKey: notificationListKey })]);
    },
  });
}

export const adminAlertPreferencesKey = ['admin', 'alert-preferences'] as const;

export function useAdminAlertPreferences() {
  return useQuery({ queryKey: adminAlertPreferencesKey, queryFn: adminAlertsApi.preferences });
}

export function useSaveAdminAlertPreferences() {
  const client = useQueryClient();
  return useMutation({ mutationFn: adminAlertsApi.savePreferences, onSuccess: (saved) => client.setQueryData(adminAlertPreferencesKey, saved) });
}
