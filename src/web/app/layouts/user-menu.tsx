import { ChevronDown, LogOut } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { messages } from '#shared/messages.tr.ts';
import { accountMenuRoleLabel, accountName, displayName } from '#shared/roles.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { AvatarInitial } from '../../components/ui/avatar.tsx';
import { useLogout } from '../../features/auth/use-logout.ts';
import { paths } from '../../lib/paths.ts';

const m = messages.member;

const memberItems = [
  { to: paths.dashboard, label: m.dashboard },
  { to: paths.myProducts, label: m.myProducts },
  { to: paths.addProduct, label: m.addProduct },
  { to: paths.favourites, label: m.favourites },
  { to: paths.profile, label: m.profile },
  { to: paths.settings, label: m.settings },
];
const adminItems = [
  { to: paths.admin, label: m.admin },
  { to: paths.userManagement, label: m.userManagement },
];

const itemClass =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

/** The signed-in user's menu in the header (loaded only for members). */
export function UserMenu({ user }: { user: SessionUser }) {
  const { logout, isPending } = useLogout();
  const name = displayName(user);
  const buttonName = accountName(user);
  const roleLabel = accountMenuRoleLabel(user.role);
  const items = user.role === 'admin' ? [...memberItems, ...adminItems] : memberItems;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex min-h-11 items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm font-medium text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100">
        <span className="sr-only">{m.accountMenu}: </span>
        <AvatarInitial name={buttonName} size="sm" />
        <span className="max-w-48 truncate">{buttonName}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block truncate font-semibold text-slate-900">{name}</span>
            <span className="block truncate text-xs text-slate-500">{user.email}</span>
            <span className="block text-xs font-medium text-slate-600">{roleLabel}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild className={itemClass}>
              <Link to={item.to}>{item.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={`${itemClass} text-red-700`}
            disabled={isPending}
            onSelect={() => void logout()}
          >
            <LogOut aria-hidden="true" className="size-4" />
            {messages.nav.logout}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
