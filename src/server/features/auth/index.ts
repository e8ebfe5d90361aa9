/** The auth feature's public face: other features import only from here. */
export {
  assertUncommonPassword,
  countAdminAccounts,
  createAccountWithPassword,
  endSessionsOfUser,
  findAccountByEmail,
  findAccountById,
  findLiveSessionIds,
  handlePasswordResetRequests,
  listActiveSessionsOf,
  setTemporaryPassword,
  toSessionUser,
} from './auth.service.ts';
