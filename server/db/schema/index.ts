/** The database schema, one file per domain; drizzle-kit reads it from here (drizzle.config.ts). */
export { users, apiKeys, oidcPayloads, signIns, signedOutSessions } from './auth';
export { deployments, deploymentSetupSteps, deploymentEvents } from './deployments';
export { userMeta } from './user-meta';
export { ledgerEntries, checkoutSessions, webhookEvents, balances, deploymentCosts } from './billing';
export { licenses } from './licenses';
export { installations, pingHistory, installationDays } from './pings';
export { testRuns, testArtifacts } from './test-runs';
export { connectedDeployments } from './connected-deployments';
export { jobLeases } from './jobs';
export { rateLimitWindows } from './rate-limits';
export { installationSettings } from './installation';
export { auditEvents, notifications, notificationPreferences, mailOutbox } from './operations';
export { adminAlertPreferences, adminAlertConditions, adminAlertHistory, adminAlertDeliveries } from './admin-alerts';
export { teams, teamMembers, teamInvitations } from './teams';
export { billingDetails, documentSequences, billingDocuments } from './documents';
