import { listingMessages } from '#shared/messages/listings.tr.ts';
import type { ListingStatus } from '#shared/status.ts';
import { Badge } from '../../components/ui/badge.tsx';

/** Aktif, or Pasif for Yayında Değil. */
export function ListingStatusBadge({ status }: { status: ListingStatus }) {
  return (
    <Badge colour={status === 'Aktif' ? 'green' : 'grey'} className="whitespace-nowrap">
      {listingMessages.status[status]}
    </Badge>
  );
}

/** Past its miat: the listing is not offered to buyers and cannot be bought. */
export function MiadPastBadge() {
  return (
    <Badge colour="red" className="whitespace-nowrap">
      {listingMessages.miadPast}
    </Badge>
  );
}
