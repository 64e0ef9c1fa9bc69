// The package-order desk: orders for the fixed textbook packages, which an admin confirms and then
// marks collected (docs/api.md, Packages).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Package } from 'lucide-react';
import { formatRand } from '@reshelf/shared';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { serverErrorText } from '../../lib/session';
import { advancePackageOrder, deskPackageOrdersQuery, moderationKeys, type PackageOrder, type PackageOrderStatus } from './api';
import { LoadFailed } from '../../components/ui/load-failed';
import { Time } from '../../components/ui/time';

const STATUS_LABELS: Record<PackageOrderStatus, string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  collected: 'Collected',
  cancelled: 'Cancelled',
};

const STATUS_TONES: Record<PackageOrderStatus, BadgeTone> = {
  requested: 'amber',
  confirmed: 'blue',
  collected: 'green',
  cancelled: 'neutral',
};

const FILTERS = [
  { value: 'all', label: 'All package orders' },
  ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

const PACKAGE_CONFIRMED = 'Package order confirmed';
const PACKAGE_COLLECTED = 'Package order marked collected';

export function PackageOrdersPanel() {
  const client = useQueryClient();
  const [status, setStatus] = useState('requested');
  const [busy, setBusy] = useState<string | null>(null);
  const orders = useQuery(deskPackageOrdersQuery(status));

  const act = async (order: PackageOrder, action: 'confirm' | 'collect') => {
    setBusy(order.id);
    try {
      await advancePackageOrder(order.id, action);
      toast.success(action === 'confirm' ? PACKAGE_CONFIRMED : PACKAGE_COLLECTED);
    } catch (error) {
      toast.error(serverErrorText(error, 'Failed to update the package order'));
    } finally {
      setBusy(null);
      void client.invalidateQueries({ queryKey: moderationKeys.packageOrders });
    }
  };

  return (
    <div>
      <div className="max-w-xs">
        <label htmlFor="package-status" className="sr-only">
          Show package orders
        </label>
        <Select id="package-status" value={status} options={FILTERS} onChange={(event) => setStatus(event.target.value)} />
      </div>
      <div className="mt-5">
        {orders.isPending ? (
          <div role="status" aria-label="Loading package orders" className="space-y-3">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : orders.isError ? (
          <LoadFailed layout="section" what="the package orders" error={orders.error} onRetry={() => void orders.refetch()} />
        ) : orders.data.length === 0 ? (
          <EmptyState icon={<Package />} title="No package orders" text="Orders for textbook packages show here." />
        ) : (
          <ul className="flex flex-col gap-3">
            {orders.data.map((order) => (
              <li key={order.id}>
                <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-5">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-ink-900">{order.packageName}</p>
                    <p className="text-sm text-ink-600">
                      {order.student.firstName}
                      {order.student.email && (
                        <>
                          {' · '}
                          <a href={`mailto:${order.student.email}`} className="text-brand-700 underline underline-offset-2">
                            {order.student.email}
                          </a>
                        </>
                      )}
                      {' · '}
                      <Time at={order.createdAt} />
                    </p>
                  </div>
                  <p className="font-bold text-ink-900">{formatRand(order.amount)}</p>
                  <Badge tone={STATUS_TONES[order.status]}>{STATUS_LABELS[order.status]}</Badge>
                  {order.status === 'requested' && (
                    <Button size="sm" loading={busy === order.id} onClick={() => void act(order, 'confirm')}>
                      Confirm
                    </Button>
                  )}
                  {order.status === 'confirmed' && (
                    <Button size="sm" loading={busy === order.id} onClick={() => void act(order, 'collect')}>
                      Mark collected
                    </Button>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
