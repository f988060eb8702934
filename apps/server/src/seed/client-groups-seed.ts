import type { Db } from '@/db/database';
import { insertReturningIds, insertRows } from './batch-insert';
import type { SeededClient } from './clients-seed';
import { addDays, daysBetween, earlier } from './dates';
import type { SeededPartner } from './partners-seed';
import type { Random } from './random';

interface GroupSpec {
  name: string;
  description: string;
  /** Days before now the group was created. */
  age: number;
  usesWholesaleList?: boolean;
  members: (client: SeededClient, rng: Random) => boolean;
}

/** The five client groups of the demo partner; a school is both a school and a public body. */
function groupSpecs(now: Date, bigBuyerWeight: number): GroupSpec[] {
  return [
    {
      name: 'Крупные оптовики',
      description: 'Клиенты с оборотом от 100 000 ₽ в месяц, персональный менеджер',
      age: 420,
      usesWholesaleList: true,
      members: (c) => c.weight >= bigBuyerWeight,
    },
    {
      name: 'Школы и детсады',
      description: 'Образовательные учреждения: сезонные закупки к 1 сентября',
      age: 380,
      members: (c) => c.kind === 'SCHOOL',
    },
    {
      name: 'Новые клиенты',
      description: 'Зарегистрировались за последние два месяца',
      age: 300,
      members: (c) => daysBetween(c.registeredAt, now) < 60,
    },
    {
      name: 'Бюджетные организации',
      description: 'Закупки по 44-ФЗ и 223-ФЗ, оплата по безналичному расчету',
      age: 250,
      members: (c) => c.kind === 'SCHOOL' || c.kind === 'PUBLIC_BODY',
    },
    {
      name: 'Розница',
      description: 'Небольшие магазины и индивидуальные предприниматели',
      age: 200,
      members: (c, rng) => c.kind === 'ENTREPRENEUR' && rng.chance(0.7),
    },
  ];
}

export async function seedClientGroups(db: Db, rng: Random, partner: SeededPartner, clients: readonly SeededClient[], now: Date): Promise<void> {
  const weights = clients.map((c) => c.weight).sort((a, b) => b - a);
  const specs = groupSpecs(now, weights[Math.floor(weights.length * 0.1)]);
  const ids = await insertReturningIds(
    db,
    'client_groups',
    specs.map((g) => ({
      partner_id: partner.id,
      name: g.name,
      description: g.description,
      price_list_id: g.usesWholesaleList ? (partner.wholesaleList?.id ?? null) : null,
      created_at: addDays(now, -g.age),
    })),
    ['partner_id', 'name'],
  );
  await insertRows(
    db,
    'client_group_members',
    specs.flatMap((g, i) => {
      const createdAt = addDays(now, -g.age);
      return clients
        .filter((c) => !c.blacklistedAt && g.members(c, rng))
        .map((c) => ({
          partner_id: partner.id,
          group_id: ids[i],
          client_id: c.id,
          added_at: earlier(now, addDays(c.registeredAt > createdAt ? c.registeredAt : createdAt, rng.float(0, 3))),
        }));
    }),
  );
}
