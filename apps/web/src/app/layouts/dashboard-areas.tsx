// The three signed-in areas as route components: the role guard around the dashboard shell.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { cartQuery } from '../../lib/cart';
import { RequireRole } from '../guards/require-role';
import { DashboardLayout } from './dashboard-layout';
import { NotificationsBell, NotificationsLive } from './dashboard-notifications';

/** The buyer's shell, with the number of items in their cart beside Cart (asked only once the guard passed). */
function BuyerDashboard() {
  const client = useQueryClient();
  const cartCount = useQuery({ ...cartQuery, select: (cart) => cart.count }, client);
  return <DashboardLayout area="buyer" notifications={<NotificationsBell />} counts={{ '/buyer/cart': cartCount.data }} />;
}

export function BuyerArea() {
  return (
    <RequireRole role="buyer">
      <BuyerDashboard />
      <NotificationsLive />
    </RequireRole>
  );
}

export function SellerArea() {
  return (
    <RequireRole role="seller">
      <DashboardLayout area="seller" notifications={<NotificationsBell />} />
      <NotificationsLive />
    </RequireRole>
  );
}

export function AdminArea() {
  return (
    <RequireRole role="admin">
      <DashboardLayout area="admin" notifications={<NotificationsBell />} />
      <NotificationsLive />
    </RequireRole>
  );
}
