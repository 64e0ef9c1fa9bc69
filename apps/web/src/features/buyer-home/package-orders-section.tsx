// The buyer's package orders on their Transactions page: each package they checked out, its amount,
// where it stands (Reshelf's desk confirms it and hands it over) and, until it is collected, Cancel
// behind a confirmation. A checkout summary links here with #package-order-<id>; that row is scrolled
// into view and focused once the list has loaded.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Package } from 'lucide-react';
import { formatRand, type PackageOrder, type PackageOrderStatus } from '@reshelf/shared';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useCancelPackageOrder, usePackageOrders } from './api';
import { Time } from '../../components/ui/time';

const STATUS: Record<PackageOrderStatus, { label: string; tone: BadgeTone; next: string }> = {
  requested: { label: 'Requested', tone: 'amber', next: 'We will contact you to arrange collection.' },
  confirmed: { label: 'Confirmed', tone: 'blue', next: 'Your books are set aside. Collect them as arranged.' },
  collected: { label: 'Collected', tone: 'green', next: 'Collected. Enjoy your books!' },
  cancelled: { label: 'Cancelled', tone: 'neutral', next: 'This package order was cancelled.' },
};

const packageOrderAnchor = (id: string) => `package-order-${id}`;

export function PackageOrdersSection() {
  const orders = usePackageOrders();
  const cancel = useCancelPackageOrder();
  const [confirming, setConfirming] = useState<PackageOrder | null>(null);
  const { hash } = useLocation();
  const loaded = orders.isSuccess;

  useEffect(() => {
    if (!loaded || !hash.startsWith('#package-order-')) return;
    // Focusing the row also scrolls it into view.
    document.getElementById(decodeURIComponent(hash.slice(1)))?.focus();
  }, [loaded, hash]);

  if (orders.isPending) {
    return (
      <div role="status" aria-label="Loading package orders" className="mt-8">
        <Skeleton className="h-24" />
      </div>
    );
  }
  // The book orders above carry the page; a failed or empty package list says nothing.
  if (orders.isError || orders.data.length === 0) return null;

  const onCancel = (order: PackageOrder) =>
    cancel.run(order.id, {
      onSuccess: () => {
        toast.success(`${order.packageName} package order cancelled`);
        setConfirming(null);
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not cancel the package order. Please try again.')),
    });

  return (
    <section aria-labelledby="package-orders-title" className="mt-8">
      <h2 id="package-orders-title" className="flex items-center gap-2 text-xl font-bold">
        <Package aria-hidden="true" size={20} className="text-brand-700" /> Package orders
      </h2>
      <p className="mt-1 text-ink-600">Textbook packages come from Reshelf, not from a seller.</p>
      <ul className="mt-4 divide-y divide-ink-100 overflow-hidden rounded-card border border-ink-200 bg-white shadow-soft">
        {orders.data.map((order) => {
          const status = STATUS[order.status];
          const open = order.status === 'requested' || order.status === 'confirmed';
          return (
            <li
              key={order.id}
              id={packageOrderAnchor(order.id)}
              tabIndex={-1}
              className={cn('flex flex-col gap-3 p-4 outline-none focus-visible:bg-brand-50 sm:flex-row sm:items-center sm:p-5', hash === `#${packageOrderAnchor(order.id)}` && 'bg-brand-50/60')}
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold [overflow-wrap:anywhere] text-ink-900">{order.packageName} package</p>
                <p className="text-sm text-ink-600">
                  Ordered <Time at={order.createdAt} /> · {status.next}
                </p>
              </div>
              {/* Wraps on a 320 px phone rather than pushing Cancel past the card's edge. */}
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:flex-nowrap sm:justify-end">
                <Badge tone={status.tone}>{status.label}</Badge>
                <span className="font-bold whitespace-nowrap text-ink-900">{formatRand(order.amount)}</span>
                {open && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto text-red-800 hover:bg-red-50 hover:text-red-900 sm:ml-0"
                    onClick={() => setConfirming(order)}
                    aria-label={`Cancel the ${order.packageName} package order`}
                  >
                    Cancel
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        role="alertdialog"
        title="Cancel this package order?"
        description={confirming ? `Your ${confirming.packageName} package order (${formatRand(confirming.amount)}) is cancelled, and Reshelf will not set the books aside.` : undefined}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(null)}>
              Keep the order
            </Button>
            <Button variant="danger" loading={cancel.busy} onClick={() => confirming && onCancel(confirming)}>
              Cancel package order
            </Button>
          </>
        }
      />
    </section>
  );
}
