import { messages } from './messages.tr.ts';
import { profileMessages } from './messages/account.tr.ts';

export const roles = ['admin', 'store_owner', 'optician', 'user'] as const;
export type Role = (typeof roles)[number];

/** Badge colour per role (spec part 1 §3): admin red, store owner blue, optician green, others grey. */
export const roleBadgeColour: Record<Role, 'red' | 'blue' | 'green' | 'grey'> = {
  admin: 'red',
  store_owner: 'blue',
  optician: 'green',
  user: 'grey',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/** Profile and admin label: Admin, Mağaza Sahibi, Optisyen, else Kullanıcı. */
export function roleLabel(role: string | null | undefined): string {
  return isRole(role) ? messages.roles[role] : messages.roles.user;
}

/** The account menu shows only Admin or Kullanıcı. */
export function accountMenuRoleLabel(role: string | null | undefined): string {
  return role === 'admin' ? messages.roles.admin : messages.roles.user;
}

/** The store number shown to users: 'OPT#' + the first 5 characters of the id, upper-cased. */
export function storeNumber(userId: string): string {
  return `OPT#${userId.slice(0, 5).toLocaleUpperCase('tr-TR')}`;
}

/** Full name, else the part of the e-mail before the at-sign, else 'Kullanıcı'. */
export function displayName(user: { fullName?: string | null; email?: string | null } | null | undefined): string {
  const name = user?.fullName?.trim();
  if (name) return name;
  const local = user?.email?.split('@')[0]?.trim();
  return local || profileMessages.fallbackName;
}

/** The header's account button and the mobile menu's summary: full name, else the whole e-mail, else 'Kullanıcı'. */
export function accountName(user: { fullName?: string | null; email?: string | null }): string {
  return user.fullName?.trim() || user.email?.trim() || profileMessages.fallbackName;
}
