import type { PingRecord } from '../../shared/api/pings';

/** An installation's ping as the admin API lists it, for tests: a German installation of `version`, with `over` on top. */
export const pingRecord = (id: string, version: string, over: Partial<PingRecord> = {}): PingRecord => ({
  id,
  ip_address: '203.0.113.1',
  country: 'DE',
  country_name: 'Germany',
  city: null,
  deployment_id: id.padEnd(64, '0'),
  instance_user_email: null,
  license_user_email: null,
  organization_name: `Org ${id}`,
  license_id: null,
  version,
  edition: null,
  apps_count: 1,
  users_count: 1,
  vintage: '2025-01-01T00:00:00.000Z',
  last_ping: '2025-06-01T12:00:00.000Z',
  metadata: {},
  is_managed: false,
  ...over,
});
