/** The platform-settings feature's public face: other features import only from here. */
export { type PlatformSettingsRow } from './platform-settings.repo.ts';
export {
  getPlatformSettings,
  getPlatformSettingsView,
  getPublicSettings,
  getRecentPlatformSettings,
  resolveAdminNotificationEmail,
  updatePlatformSettings,
} from './platform-settings.service.ts';
