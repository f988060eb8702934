import { FEMALE_NAMES, MALE_NAMES, MOBILE_CODES, PATRONYMICS, SURNAMES } from './names-ru';
import type { Random } from './random';

export interface Person {
  name: string;
  surname: string;
  middleName: string;
}

export function randomPerson(rng: Random): Person {
  const female = rng.chance(0.5);
  const surname = rng.pick(SURNAMES);
  const [male, fem] = rng.pick(PATRONYMICS);
  return female
    ? { name: rng.pick(FEMALE_NAMES), surname: `${surname}а`, middleName: fem }
    : { name: rng.pick(MALE_NAMES), surname, middleName: male };
}

/** "+7 (916) 123-45-67": the shape the web's phone input shows. */
export function formatPhone(areaCode: string, digits: string): string {
  const local = (areaCode + digits).slice(0, 10);
  return `+7 (${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6, 8)}-${local.slice(8, 10)}`;
}

export const mobilePhone = (rng: Random) => formatPhone(rng.pick(MOBILE_CODES), rng.digits(7));

export const landlinePhone = (rng: Random, areaCode: string) => formatPhone(areaCode, rng.digits(10 - areaCode.length));
