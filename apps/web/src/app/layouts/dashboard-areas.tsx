// The three signed-in areas as route components: the role guard around the dashboard shell.
import { useQuery } from '@tanstack/react-query';
import { cartCountQuery } from '../../lib/cart';
import { RequireRole } from '../guards/require-role';
import { DashboardLayout } from './dashboard-layout';
import { NotificationsBell, NotificationsLive } from '../../features/notifications/notifications-bell';

/** The buyer's shell, with the number of items in their cart beside Cart (asked only once the guard passed). */
function BuyerDashboard() {
  const cartCount = useQuery(cartCountQuery);
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
