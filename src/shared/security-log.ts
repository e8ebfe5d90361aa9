/** The codes of the security log (security events and admin actions); their Turkish labels are in messages/security-log.tr.ts. */
/** security_events.type: what happened to an account (sign-ins, password changes, CSP reports). */
export const securityEventTypes = [
  'sign_in_success',
  'sign_in_failed',
  'sign_out',
  'profile_accessed',
  'profile_fetch_failed',
  'password_changed',
  'password_reset_requested',
  'session_revoked',
  'password_reset_forced',
  'csp_violation',
] as const;
export type SecurityEventType = (typeof securityEventTypes)[number];

/** admin_audit_log.action: what an admin did, plus the applications that arrive without one. */
export const adminActions = [
  'role_changed',
  'user_updated',
  'user_deleted',
  'users_exported',
  'user_exported',
  'password_reset_forced',
  'settings_updated',
  'outbox_retried',
  'email_test_sent',
  'email_attachment_test_sent',
  'application_submitted',
  'application_notes_updated',
  'application_approved',
  'application_rejected',
  'application_document_downloaded',
  'catalogue_product_created',
  'catalogue_product_updated',
  'catalogue_proposal_approved',
  'catalogue_proposal_rejected',
  'catalogue_imported',
  'payment_account_updated',
  'dispute_decided',
  'job_run_requested',
  'job_retried',
  'payment_check_requested',
  'payment_void_retried',
  'provider_job_retried',
  'payout_mismatch_reviewed',
] as const;
export type AdminAction = (typeof adminActions)[number];

/** details.reason of a refused sign-in or an ended session. */
export const securityEventReasons = ['invalid_credentials', 'locked', 'disabled', 'absolute_lifetime'] as const;
export type SecurityEventReason = (typeof securityEventReasons)[number];
