import { Pencil, X } from 'lucide-react';
import { useState } from 'react';
import { profileMessages } from '#shared/messages/account.tr.ts';
import { displayName, roleBadgeColour, roleLabel, storeNumber } from '#shared/roles.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { AvatarInitial } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { formatDate } from '../../lib/format.ts';
import { useProfile } from './api.ts';
import { ProfileForm } from './profile-form.tsx';
import { accountTexts } from './texts.ts';

const p = profileMessages;

function memberSince(createdAt: string | null | undefined): string {
  if (!createdAt) return p.unknown;
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? p.unknown : formatDate(date);
}

function ProfileHeader({ user }: { user: SessionUser }) {
  const name = displayName(user);
  return (
    <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
      <AvatarInitial name={name} size="lg" />
      <div className="min-w-0">
        <h2 className="text-2xl font-bold break-words text-brand-900">{name}</h2>
        <div className="mt-2 flex flex-wrap items-center justify-center gap-2 text-sm text-slate-600 sm:justify-start">
          <Badge colour={roleBadgeColour[user.role] ?? 'grey'}>{roleLabel(user.role)}</Badge>
          <span>
            {p.storeId}: <span className="font-mono font-semibold text-slate-800">{storeNumber(user.id)}</span>
          </span>
        </div>
      </div>
    </div>
  );
}

function ProfileDetails({ user }: { user: SessionUser }) {
  const rows = [
    { label: p.fullName, value: user.fullName.trim() || p.notSpecified },
    { label: p.email, value: user.email },
    { label: p.phone, value: user.phone || p.notSpecified },
    // City is not stored on the profile (spec part 1 §3).
    { label: p.city, value: p.notSpecified },
    { label: p.publicHandle, value: user.publicHandle ? `@${user.publicHandle}` : p.notSpecified },
    { label: p.memberSince, value: memberSince(user.createdAt) },
  ];
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className="min-w-0">
          <dt className="text-sm text-slate-500">{row.label}</dt>
          <dd className="mt-0.5 font-medium break-words text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function EditToggle({ isEditing, onToggle }: { isEditing: boolean; onToggle: () => void }) {
  return (
    <Button variant={isEditing ? 'secondary' : 'primary'} onClick={onToggle} aria-expanded={isEditing}>
      {isEditing ? <X aria-hidden="true" className="size-4" /> : <Pencil aria-hidden="true" className="size-4" />}
      {isEditing ? p.cancel : p.edit}
    </Button>
  );
}

function ProfileContent({ user }: { user: SessionUser }) {
  const [isEditing, setIsEditing] = useState(false);
  return (
    <>
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <ProfileHeader user={user} />
      </div>
      <Card
        title={accountTexts.accountDetails}
        actions={<EditToggle isEditing={isEditing} onToggle={() => setIsEditing((v) => !v)} />}
      >
        {isEditing ? (
          <ProfileForm user={user} onCancel={() => setIsEditing(false)} onSaved={() => setIsEditing(false)} />
        ) : (
          <ProfileDetails user={user} />
        )}
      </Card>
    </>
  );
}

/** The member's own details and the edit form (the profile pages' content). */
export function ProfileView() {
  const profile = useProfile();
  return (
    <QueryState query={profile} errorText={accountTexts.profileLoadFailed}>
      {(user) => <ProfileContent user={user} />}
    </QueryState>
  );
}

/** /profilim and /profile: the member's own details, with an edit form that really saves. */
export function ProfilePage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <title>{`${p.title} | OptiStok`}</title>
      <h1 className="text-3xl font-bold text-brand-900">{p.title}</h1>
      <ProfileView />
    </div>
  );
}
