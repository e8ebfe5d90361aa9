import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { messages } from '#shared/messages.tr.ts';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { Button } from '../../components/ui/button.tsx';

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
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-lg font-bold text-brand-900">{t.filters.title}</Dialog.Title>
            <Dialog.Close
              className="grid size-11 place-items-center rounded-lg hover:bg-slate-100"
              aria-label={messages.common.close}
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
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
