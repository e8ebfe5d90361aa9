import { roleBadgeColour, roleLabel, isRole } from '#shared/roles.ts';
import { Badge, type BadgeColour } from '../../components/ui/badge.tsx';
import { adminTexts as t } from './texts.ts';

export function RoleBadge({ role }: { role: string }) {
  const colour: BadgeColour = isRole(role) ? roleBadgeColour[role] : 'grey';
  return <Badge colour={colour}>{roleLabel(role)}</Badge>;
}

const outboxColours: Record<string, BadgeColour> = { pending: 'amber', sending: 'blue', sent: 'green', failed: 'red' };

export function OutboxStatusBadge({ status }: { status: string }) {
  return <Badge colour={outboxColours[status] ?? 'grey'}>{t.outboxStatus[status] ?? status}</Badge>;
}
