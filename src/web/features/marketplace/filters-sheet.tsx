import { Dialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { Button } from '../../components/ui/button.tsx';
import { SheetHeader } from '../../components/ui/sheet-header.tsx';

const t = marketplaceMessages;

/**
 * The filters as a sheet sliding in from the side on small screens (Radix Dialog: focus trap,
 * Escape, scroll lock). Its own chunk, loaded on the first tap of the button (browse-layout.tsx),
 * which gets the focus back on closing.
 */
export function FiltersSheet({
  open,
  onOpenChange,
  returnFocusRef,
  total,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
  total: number | undefined;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-[90vw] max-w-sm flex-col bg-white shadow-xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusRef.current?.focus();
          }}
        >
          <SheetHeader title={t.filters.title} />
          <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>
          {total === undefined ? null : (
            <div className="border-t border-slate-200 p-4">
              <Button className="w-full" onClick={() => onOpenChange(false)}>
                {t.filters.showResults(total)}
              </Button>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
