import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAlertsContract as c, type AdminAlertPreferences } from '../../shared/api/admin-alerts';
import { call } from '../api/call';

/** An administrator's alert preferences, each call an entry of the shared contract. */
export const adminAlertsApi = {
  preferences: (): Promise<AdminAlertPreferences> => call(c.getPreferences),
  savePreferences: (p: AdminAlertPreferences): Promise<AdminAlertPreferences> => call(c.putPreferences, { body: p }),
};

export const adminAlertPreferencesKey = ['admin', 'alert-preferences'] as const;

export function useAdminAlertPreferences() {
  return useQuery({ queryKey: adminAlertPreferencesKey, queryFn: adminAlertsApi.preferences });
}

export function useSaveAdminAlertPreferences() {
  const client = useQueryClient();
  return useMutation({ mutationFn: adminAlertsApi.savePreferences, onSuccess: (saved) => client.setQueryData(adminAlertPreferencesKey, saved) });
}
