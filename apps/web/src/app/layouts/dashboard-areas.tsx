// The three signed-in areas as route components: the role guard around the dashboard shell.
import { RequireRole } from '../guards/require-role';
import { DashboardLayout } from './dashboard-layout';
import { NotificationsBell, NotificationsLive } from './dashboard-notifications';

export function BuyerArea() {
  return (
    <RequireRole role="buyer">
      <DashboardLayout area="buyer" notifications={<NotificationsBell />} />
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
