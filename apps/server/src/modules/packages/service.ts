// Textbook packages: the fixed catalogue of six priced bundles plus the custom request, and package orders an admin confirms and marks collected.
import { MESSAGES, TEXTBOOK_PACKAGES, centsToRand, packageOrderIs, pageOffset, randToCents, type PackageOrder, type TextbookPackage } from '@reshelf/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import type { PackageOrdersTable } from '../../db/schema.ts';
import { iso } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SignedIn } from '../accounts/service.ts';
import * as repo from './repository.ts';

/** The shared PackageOrder shape (docs/api.md, Packages). */
export type PackageOrderJson = PackageOrder;

const toJson = (r: PackageOrdersTable): PackageOrderJson => ({
  id: r.id,
  packageId: r.package_id,
  packageName: r.package_name,
  amount: centsToRand(r.amount_cents),
  status: r.status,
  student: { id: r.student_id ?? '', firstName: r.student_first_name, email: r.student_email },
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function createPackagesService(ctx: AppContext) {
  const packages = (): TextbookPackage[] =>
    TEXTBOOK_PACKAGES.map((p) => ({ ...p, contactNumber: p.isCustomRequest ? (ctx.config.customRequestPhone ?? null) : p.contactNumber }));
  const find = (id: string) => packages().find((p) => p.id === id);
  const now = () => iso(ctx.clock.now());

  return {
    list: packages,
    find,
    /** Orders a priced package for the buyer (the custom request is a chat, not an order). */
    async order(db: Db, auth: SignedIn, packageId: string): Promise<PackageOrderJson> {
      const pkg = find(packageId);
      if (!pkg || pkg.isCustomRequest || pkg.price === null) throw notFound(MESSAGES.packageNotFound);
      const row: PackageOrdersTable = {
        id: newId(),
        student_id: auth.student.id,
        student_first_name: auth.student.firstName,
        student_email: auth.student.email,
        package_id: pkg.id,
        package_name: pkg.name,
        amount_cents: randToCents(pkg.price),
        status: 'requested',
        created_at: now(),
        updated_at: now(),
      };
      await repo.insertPackageOrder(db, row);
      return toJson(row);
    },
    async mine(auth: SignedIn) {
      return (await repo.listPackageOrdersOf(ctx.db, auth.student.id)).map(toJson);
    },
    /**
     * The buyer withdraws their own package order until it is collected (the desk may already have
     * confirmed it). Someone else's order reads as missing, so its id reveals nothing; the state check is
     * the UPDATE's own condition, so a cancel racing the desk's 'collected' cannot undo a collection.
     */
    async cancelMine(auth: SignedIn, id: string) {
      const existing = await repo.findPackageOrderOf(ctx.db, id, auth.student.id);
      if (!existing) throw notFound(MESSAGES.packageOrderNotFound);
      if (!(await repo.transitionPackageOrder(ctx.db, id, ['requested', 'confirmed'], 'cancelled', now()))) {
        const current = await repo.findPackageOrder(ctx.db, id);
        throw conflict(packageOrderIs(current?.status ?? existing.status), 'INVALID_STATE');
      }
      return toJson((await repo.findPackageOrder(ctx.db, id))!);
    },
    async adminList(status: PackageOrdersTable['status'] | undefined, page: number, pageSize: number) {
      const [rows, total] = await Promise.all([
        repo.listPackageOrders(ctx.db, status, pageSize, pageOffset({ page, pageSize })),
        repo.countPackageOrders(ctx.db, status),
      ]);
      return { items: rows.map(toJson), total, page, pageSize };
    },
    /** Registered with the accounts service: the erased student's package orders keep no name or email. */
    accountDeletionHook: {
      async beforeDelete(db: Db, studentId: string) {
        await repo.anonymiseStudent(db, studentId, MESSAGES.formerStudent);
      },
    },
    async advance(id: string, to: 'confirmed' | 'collected' | 'cancelled') {
      const from: PackageOrdersTable['status'][] = to === 'confirmed' ? ['requested'] : to === 'collected' ? ['confirmed'] : ['requested', 'confirmed'];
      const existing = await repo.findPackageOrder(ctx.db, id);
      if (!existing) throw notFound(MESSAGES.packageOrderNotFound);
      if (!(await repo.transitionPackageOrder(ctx.db, id, from, to, now()))) throw conflict(packageOrderIs(existing.status), 'INVALID_STATE');
      return toJson((await repo.findPackageOrder(ctx.db, id))!);
    },
  };
}

export type PackagesService = ReturnType<typeof createPackagesService>;
