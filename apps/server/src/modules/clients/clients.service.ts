import type { Db } from '@/db/database';
import { clientsRepo } from './clients.repo';

export function clientsService(db: Db) {
  const repo = clientsRepo(db);
  return {
    async stats(partnerId?: number): Promise<{ count: number; minDate: Date | null }> {
      const row = await repo.stats(partnerId);
      return { count: Number(row.count), minDate: (row.min_date as Date | null) ?? null };
    },
    findById: (partnerId: number, id: number) => repo.findById(partnerId, id),
  };
}

export type ClientsService = ReturnType<typeof clientsService>;
