// The sidebar entries of each area: Home, the books entry, Transactions,
// Faculty and Settings; buyers also get Textbook Packages and their Cart, sellers Sell a Book, both their
// Wishlist, admins their queue.
import {
  BookmarkPlus,
  BookOpen,
  Flag,
  GraduationCap,
  House,
  Library,
  Package,
  PlusCircle,
  ShoppingCart,
  Receipt,
  Settings,
  ShieldCheck,
  Tag,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '@reshelf/shared';

export interface DashboardNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Only active on the exact path (the area's Home). */
  end?: boolean;
}

export const DASHBOARD_NAV: Record<Role, DashboardNavItem[]> = {
  buyer: [
    { to: '/buyer', label: 'Home', icon: House, end: true },
    { to: '/buyer/books', label: 'Buy Books', icon: BookOpen },
    { to: '/buyer/packages', label: 'Textbook Packages', icon: Package },
    { to: '/buyer/cart', label: 'Cart', icon: ShoppingCart },
    { to: '/buyer/wishlist', label: 'Wishlist', icon: BookmarkPlus },
    { to: '/buyer/transactions', label: 'Transactions', icon: Receipt },
    { to: '/buyer/faculty', label: 'Faculty', icon: GraduationCap },
    { to: '/buyer/settings', label: 'Settings', icon: Settings },
  ],
  seller: [
    { to: '/seller', label: 'Home', icon: House, end: true },
    { to: '/seller/sell', label: 'Sell a Book', icon: PlusCircle },
    { to: '/seller/books', label: 'My Books', icon: Library },
    { to: '/seller/wishlist', label: 'Wishlist', icon: BookmarkPlus },
    { to: '/seller/transactions', label: 'Transactions', icon: Receipt },
    { to: '/seller/faculty', label: 'Faculty', icon: GraduationCap },
    { to: '/seller/settings', label: 'Settings', icon: Settings },
  ],
  admin: [
    { to: '/admin', label: 'Moderation', icon: ShieldCheck, end: true },
    { to: '/admin/reports', label: 'Reports', icon: Flag },
    { to: '/admin/new-prices', label: 'New prices', icon: Tag },
  ],
};

export const AREA_LABELS: Record<Role, string> = {
  buyer: 'Buyer account',
  seller: 'Seller account',
  admin: 'Administrator',
};
